// `npm start` from spawn to the first 200 on /healthz (DESIGN D32): with the tree unchanged since the last build
// (the build is skipped), with one source changed before each start (a whole build first), and `node
// dist-server/main.js` alone, the floor. It runs in a copy of the project (tooling/project-copy.ts), so
// the working tree is never edited; each start's own line says which it did, and a start that did the other
// fails the benchmark. The data directory exists before the first measured start, as after any first run. The
// copy starts with the run's own builds of the app and the server (the functions `npm run build` runs) and their
// stamp, so only the changed-source starts build.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { HEALTH_PATHS } from '../../server/ops/health-routes';
import { freePort } from '../../tooling/free-port';
import { copyProject } from '../../tooling/project-copy';
import { hashBuildInputs, writeBuildStamp } from '../build-stamp';
import type { BenchContext, Benchmark } from './benchmark';
import { count, iterations, ms, quick, table } from './format';
import { describeMachine } from './machine';
import { sleep, waitForAnswer } from './processes';
import { median } from './stats';

const runs = () => iterations(5, 1);
/** A start that builds first takes a build's time (most of a minute on a busy 2-core machine) on top. */
const BUILD_AND_START_DEADLINE_MS = 300_000;
/** The line scripts/start.mjs prints for each decision. */
const SAID = { skipped: /Build is up to date/, built: /Sources changed: building/ } as const;

interface Start {
  child: ChildProcess;
  /** stderr so far: the start script's line, the build's and the server's complaints. */
  said(): string;
}

/** Where a start runs: the project's copy, its data directory and the port it listens on. */
interface Place {
  root: string;
  dataDir: string;
  port: number;
}

function launch({ root, dataDir, port }: Place, command: string, args: string[]): Start {
  const child = spawn(command, args, {
    cwd: root,
    // Its own process group: npm, the shell it runs and node stop together.
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  return { child, said: () => said };
}

/** Whether any process of the group still runs (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the whole group and waits until every process in it is gone: npm may exit before the server it started
 * has closed, and a server still answering /healthz would be timed as the next start.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid ?? 0;
  if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
  while (groupAlive(pid)) await sleep(20);
}

/** Milliseconds from spawn to the first 200 on /healthz; checks the start said `expected` when given. */
async function timeStart(port: number, start: () => Start, expected?: RegExp): Promise<number> {
  const began = performance.now();
  const started = start();
  try {
    await waitForAnswer(
      `http://127.0.0.1:${port}${HEALTH_PATHS.alive}`,
      started.child,
      BUILD_AND_START_DEADLINE_MS,
    );
    const elapsed = performance.now() - began;
    if (expected && !expected.test(started.said()))
      throw new Error(`the start did not say ${expected}; it said:\n${started.said()}`);
    return elapsed;
  } finally {
    await stopGroup(started.child);
  }
}

/** Milliseconds `npm start`'s decision takes on its own, from spawn to exit (0: the build is current). */
function timeCheck(root: string): number {
  const began = performance.now();
  const check = spawnSync(process.execPath, ['scripts/start.mjs', '--check-build'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (check.status !== 0) throw new Error(`the check found the build stale (exit ${check.status})`);
  return performance.now() - began;
}

async function series<T>(label: string, measure: (run: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run < runs(); run += 1) {
    console.log(`restart: ${label}, run ${run + 1} of ${runs()}...`);
    results.push(await measure(run));
  }
  return results;
}

const row = (what: string, times: readonly number[]) => [
  `${what} (median of ${times.length})`,
  ms(median(times)),
  times.map((time) => count(time)).join(', '),
];

/** The run's builds in the copy, stamped as a whole build stamps them: `npm start` finds them current. */
function placeBuilds(root: string, { appDist, compiledServer }: BenchContext): void {
  cpSync(appDist(), path.join(root, 'dist'), { recursive: true });
  cpSync(compiledServer().dir, path.join(root, 'dist-server'), { recursive: true });
  writeBuildStamp(root, hashBuildInputs(root));
}

export const restartBenchmark: Benchmark = {
  id: 'restart',
  async run(context) {
    const project = copyProject();
    const place = { root: project.root, dataDir: path.join(project.root, 'data'), port: await freePort() };
    const npmStart = () => launch(place, 'npm', ['start', '--silent']);
    const changeASource = (run: number) =>
      appendFileSync(
        path.join(project.root, 'contract', 'image-limits.ts'),
        `// restart benchmark, run ${run}\n`,
      );
    try {
      placeBuilds(project.root, context);
      await context.seedDataDir?.(place.dataDir);
      // Quick mode goes without this unmeasured start (CI time, issue 35, D115): its first unchanged start, the
      // same start, reopens the database its context seeded (D124) or creates it, and its figures are not to quote.
      if (!quick()) {
        console.log('restart: the first start creates the data directory...');
        await timeStart(place.port, npmStart, SAID.skipped);
      }
      // The unchanged start, the bare server and the check take turns, so a neighbour's burst of load lands on
      // all three rather than on one series.
      const unchanged: number[] = [];
      const bare: number[] = [];
      const checks: number[] = [];
      await series('unchanged tree, bare server, check', async () => {
        unchanged.push(await timeStart(place.port, npmStart, SAID.skipped));
        bare.push(
          await timeStart(place.port, () => launch(place, process.execPath, ['dist-server/main.js'])),
        );
        checks.push(timeCheck(project.root));
      });
      const changed = await series('one source changed', (run) => {
        changeASource(run);
        return timeStart(place.port, npmStart, SAID.built);
      });
      return [
        '## Restart (`npm start`)',
        '',
        describeMachine(context.machine),
        '',
        table(
          ['From spawn to the first 200 on `/healthz`', 'Median', 'Runs (ms)'],
          [
            row('`npm start`, tree unchanged since the last build: the build is skipped', unchanged),
            row('`npm start` after one source changed: a whole build first', changed),
            row('`node dist-server/main.js` alone (no npm, no check)', bare),
            row('The check alone, to its exit (`node scripts/start.mjs --check-build`)', checks),
          ],
        ),
        '',
        'In a copy of the project with an existing data directory and the default settings (nsfw moderation, PGlite),',
        "starting from this run's builds of the app and the server and their stamp, as `npm run build` leaves them.",
        'The unchanged start, the bare server and the check take turns; the check hashes every build input',
        '(scripts/build-stamp.ts) in a Node of its own. With a load average above the core count the runs spread',
        'widely: compare medians of the same run, not with figures from a quiet machine.',
      ].join('\n');
    } finally {
      project.remove();
    }
  },
};
