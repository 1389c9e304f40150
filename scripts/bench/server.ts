// The server against DESIGN.md's budgets. The server runs as its own process (as `npm start` runs it);
// autocannon runs as another.
//   - catalogue route vs a bare Fastify route, same run, 100 connections: req/s, p50, p99, the ratio
//   - start time to the first answered request with an existing data directory
//   - RSS at rest and under load
//   - moderation time per image after warm-up
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { API_PREFIX, cataloguePaths } from '../../contract/endpoints';
import { createNsfwModerator } from '../../server/moderation/nsfw-moderator';
import { fixture } from '../../tests/support/paths';
import type { Benchmark } from './benchmark';
import { count, iterations, mib, ms, table, verdict } from './format';
import { describeMachine } from './machine';
import { median } from './stats';

const CONNECTIONS = 100;
// The two routes take turns, so a neighbour's burst on a shared machine does not land on one of them only.
const loadRounds = () => iterations(3, 1);
const loadSeconds = () => Number(process.env.BENCH_SECONDS ?? iterations(5, 2));
const startRuns = () => iterations(7, 2);
const moderationRuns = () => iterations(15, 3);
const SERVER_PORT = 3310;
const BARE_PORT = 3311;
const CATALOGUE_ROUTE = `${API_PREFIX}${cataloguePaths.finishes.path}?door_style_group=Shaker&is_handleless=false`;
const BUDGET = { p99Ms: 10, ratio: 0.6, startMs: 1500, moderationMs: 150 };

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Resident memory of a process in bytes, from /proc (Linux). */
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

function startServerProcess(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(SERVER_PORT),
      LOG_LEVEL: 'warn',
      MODERATION: 'nsfw',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A Fastify server with one route and nothing else: the ceiling the catalogue route is compared with. */
function startBareProcess(): ChildProcess {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ groups: ['Gloss', 'Matt'] }));
    await app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });`;
  return spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForAnswer(url: string): Promise<Response> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function load(url: string, headers: Record<string, string> = {}): LoadResult {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const output = execFileSync(
    'node_modules/.bin/autocannon',
    ['-c', String(CONNECTIONS), '-d', String(loadSeconds()), '--json', ...headerArgs, url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(output) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Each figure's median over the rounds; errors are summed. */
function medianLoad(rounds: LoadResult[]): LoadResult {
  const of = (pick: (result: LoadResult) => number) => median(rounds.map(pick));
  const sum = (pick: (result: LoadResult) => number) =>
    rounds.reduce((total, result) => total + pick(result), 0);
  return {
    requestsPerSecond: of((result) => result.requestsPerSecond),
    p50: of((result) => result.p50),
    p99: of((result) => result.p99),
    errors: sum((result) => result.errors),
    non2xx: sum((result) => result.non2xx),
  };
}

/** Runs `work` while sampling the process's RSS; answers work's result and the peak. */
async function withPeakRss<T>(pid: number, work: () => T): Promise<{ result: T; peakBytes: number }> {
  let peakBytes = rssBytes(pid);
  // autocannon blocks this process (execFileSync), so the sampler runs in a child of its own.
  const sampler = spawn(
    'bash',
    ['-c', `while sleep 0.2; do grep VmRSS /proc/${pid}/status || exit 0; done`],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let samples = '';
  sampler.stdout?.on('data', (chunk: Buffer) => {
    samples += chunk.toString();
  });
  const result = work();
  await sleep(300);
  sampler.kill();
  for (const match of samples.matchAll(/VmRSS:\s+(\d+) kB/g))
    peakBytes = Math.max(peakBytes, Number(match[1]) * 1024);
  return { result, peakBytes };
}

async function measureStart(dataDir: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < startRuns(); run += 1) {
    const began = performance.now();
    const server = startServerProcess(dataDir);
    await waitForAnswer(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`);
    times.push(performance.now() - began);
    await stop(server);
  }
  return times;
}

async function measureModeration(): Promise<{ loadMs: number; medianMs: number }> {
  const began = performance.now();
  const moderator = createNsfwModerator();
  await moderator.ready;
  const loadMs = performance.now() - began;
  const photos = [
    'kitchens/kitchen-02-white-island-pexels.jpg',
    'kitchens/kitchen-03-galley-bright-pexels.jpg',
    'kitchens/kitchen-06-dark-cabinets-3000x2003.jpg',
  ];
  // What moderation sees in production: the normalised photo, at most 2048 px on the long side.
  const images = await Promise.all(
    photos.map(async (name) => ({
      bytes: await sharp(fixture(name)).rotate().resize(2048, 2048, { fit: 'inside' }).jpeg().toBuffer(),
    })),
  );
  for (const image of images) await moderator.classify(image);
  const times: number[] = [];
  for (let run = 0; run < moderationRuns(); run += 1) {
    const image = images[run % images.length];
    if (!image) continue;
    const started = performance.now();
    await moderator.classify(image);
    times.push(performance.now() - started);
  }
  return { loadMs, medianMs: median(times) };
}

interface LoadFigures {
  bare: LoadResult;
  catalogue: LoadResult;
  restBytes: number;
  peakBytes: number;
}

async function measureLoad(dataDir: string): Promise<LoadFigures> {
  const bare = startBareProcess();
  const server = startServerProcess(dataDir);
  try {
    await waitForAnswer(`http://127.0.0.1:${BARE_PORT}/`);
    // A browser has its session cookie from the first page load; so does the load generator.
    const firstAnswer = await waitForAnswer(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`);
    const cookie = firstAnswer.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    await sleep(2000);
    const pid = server.pid ?? 0;
    const restBytes = rssBytes(pid);
    const bareRounds: LoadResult[] = [];
    const catalogueRounds: LoadResult[] = [];
    let peakBytes = restBytes;
    for (let round = 0; round < loadRounds(); round += 1) {
      bareRounds.push(load(`http://127.0.0.1:${BARE_PORT}/`));
      const measured = await withPeakRss(pid, () =>
        load(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`, { cookie }),
      );
      catalogueRounds.push(measured.result);
      peakBytes = Math.max(peakBytes, measured.peakBytes);
    }
    return { bare: medianLoad(bareRounds), catalogue: medianLoad(catalogueRounds), restBytes, peakBytes };
  } finally {
    await Promise.all([stop(bare), stop(server)]);
  }
}

const latencies = (result: LoadResult) =>
  `${count(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`;

export const serverBenchmark: Benchmark = {
  id: 'server',
  async run({ machine }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kr-bench-'));
    try {
      // A first start creates the database (the slow path); the measured starts reopen it.
      console.log('server: creating the data directory...');
      const first = startServerProcess(dataDir);
      await waitForAnswer(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`);
      await stop(first);

      console.log(`server: start time, ${startRuns()} runs...`);
      const startTimes = await measureStart(dataDir);
      console.log(`server: bare and catalogue routes in turn, ${loadRounds()} × ${loadSeconds()} s each...`);
      const { bare, catalogue, restBytes, peakBytes } = await measureLoad(dataDir);
      console.log(`server: moderation, ${moderationRuns()} runs after warm-up...`);
      const moderation = await measureModeration();

      const ratio = catalogue.requestsPerSecond / bare.requestsPerSecond;
      const startMedian = median(startTimes);
      return `
## Server

${describeMachine(machine)}
The server, the bare route and autocannon each run as their own process on the same machine, so the load generator
competes with the server for the same cores: figures are for comparison within a run, not absolute capacity.

${table(
  ['What', 'Measured', 'Budget', ''],
  [
    [
      `Catalogue route (\`${CATALOGUE_ROUTE}\`), ${CONNECTIONS} connections, median of ${loadRounds()} × ${loadSeconds()} s`,
      latencies(catalogue),
      `p99 ≤ ${BUDGET.p99Ms} ms`,
      verdict(catalogue.p99 <= BUDGET.p99Ms),
    ],
    ['Bare Fastify route, same run, taking turns with it', latencies(bare), '', ''],
    ['Catalogue / bare req/s', ratio.toFixed(2), `≥ ${BUDGET.ratio}`, verdict(ratio >= BUDGET.ratio)],
    [
      `Start to first answered request, existing data directory (median of ${startTimes.length})`,
      `${ms(startMedian)} (runs: ${startTimes.map((time) => count(time)).join(', ')})`,
      `≤ ${count(BUDGET.startMs)} ms`,
      verdict(startMedian <= BUDGET.startMs),
    ],
    ['RSS at rest / peak under load', `${mib(restBytes)} / ${mib(peakBytes)}`, '', ''],
    [
      `Moderation per image after warm-up (median of ${moderationRuns()}, 2048 px JPEG, tfjs WASM)`,
      `${ms(moderation.medianMs)} (model load ${ms(moderation.loadMs)})`,
      `≤ ${BUDGET.moderationMs} ms`,
      verdict(moderation.medianMs <= BUDGET.moderationMs),
    ],
  ],
)}

Errors during load: catalogue ${catalogue.errors} (non-2xx ${catalogue.non2xx}), bare ${bare.errors}.
The start time includes compiling TypeScript with tsx, as \`npm start\` does. The concept render per image is in
its own section below.
`;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
