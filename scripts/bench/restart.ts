// `npm start` from spawn to the first 200 on /healthz (DESIGN D32): with the tree unchanged since the last build
// (the build is skipped), with one source changed before each start (a whole build first), and `node
// dist-server/main.js` alone, the floor. It runs in a copy of the project (tests/support/project-copy.ts), so
// the working tree is never edited; each start's own line says which it did, and a start that did the other
// fails the benchmark. The data directory exists before the first measured start, as after any first run.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { HEALTH_PATHS } from '../../server/ops/health-routes';
import { copyProject } from '../../tests/support/project-copy';
import type { Benchmark } from './benchmark';
import { count, iterations, ms, table } from './format';
import { describeMachine } from './machine';
import { waitForAnswer } from './processes';
import { median } from './stats';

const PORT = 3320;
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

function launch(root: string, command: string, args: string[], dataDir: string): Start {
  const child = spawn(command, args, {
    cwd: root,
    // Its own process group: npm, the shell it runs and node stop together.
    detached: true,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  return { child, said: () => said };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-(child.pid ?? 0), 'SIGTERM');
  await exited;
}

/** Milliseconds from spawn to the first 200 on /healthz; checks the start said `expected` when given. */
async function timeStart(start: () => Start, expected?: RegExp): Promise<number> {
  const began = performance.now();
  const started = start();
  try {
    await waitForAnswer(
      `http://127.0.0.1:${PORT}${HEALTH_PATHS.alive}`,
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

async function series(label: string, measure: (run: number) => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs(); run += 1) {
    console.log(`restart: ${label}, run ${run + 1} of ${runs()}...`);
    times.push(await measure(run));
  }
  return times;
}

const row = (what: string, times: readonly number[]) => [
  `${what} (median of ${times.length})`,
  ms(median(times)),
  times.map((time) => count(time)).join(', '),
];

export const restartBenchmark: Benchmark = {
  id: 'restart',
  async run({ machine }) {
    const project = copyProject();
    const dataDir = path.join(project.root, 'data');
    const npmStart = () => launch(project.root, 'npm', ['start', '--silent'], dataDir);
    const changeASource = (run: number) =>
      appendFileSync(
        path.join(project.root, 'contract', 'image-limits.ts'),
        `// restart benchmark, run ${run}\n`,
      );
    try {
      console.log('restart: the first start builds and creates the data directory...');
      await timeStart(npmStart);
      const unchanged = await series('unchanged tree', () => timeStart(npmStart, SAID.skipped));
      const changed = await series('one source changed', (run) => {
        changeASource(run);
        return timeStart(npmStart, SAID.built);
      });
      const bare = await series('node dist-server/main.js', () =>
        timeStart(() => launch(project.root, process.execPath, ['dist-server/main.js'], dataDir)),
      );
      return [
        '## Restart (`npm start`)',
        '',
        describeMachine(machine),
        '',
        table(
          ['From spawn to the first 200 on `/healthz`', 'Median', 'Runs (ms)'],
          [
            row('`npm start`, tree unchanged since the last build: the build is skipped', unchanged),
            row('`npm start` after one source changed: a whole build first', changed),
            row('`node dist-server/main.js` alone (no npm, no check)', bare),
          ],
        ),
        '',
        'In a copy of the project with an existing data directory and the default settings (nsfw moderation, PGlite).',
        'The check hashes every build input (scripts/build-stamp.ts); the rest of the unchanged start over the',
        'bare one is npm itself starting.',
      ].join('\n');
    } finally {
      project.remove();
    }
  },
};
