// The server against DESIGN.md's budgets. The server runs as its own process (as `npm start` runs it); the
// load generator runs as another.
//   - catalogue route vs a bare Fastify route, same run, 100 connections: req/s, p50, p99, the ratio, and the
//     CPU each process spent per request
//   - start time to the first answered request with an existing data directory
//   - RSS at rest and under load
//   - moderation time per image after warm-up
// Under load the server under test and the bare server are pinned to one core and the load generator to another
// (taskset), so the figures measure the server rather than its contention with the generator. The generator is
// wrk when it is installed (a C program: it needs far less CPU per request than the server it loads) and
// autocannon otherwise; with wrk, one autocannon round per route still runs to show what autocannon can drive.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { API_PREFIX, cataloguePaths } from '../../contract/endpoints';
import { createNsfwModerator } from '../../server/moderation/nsfw-moderator';
import { freePort } from '../../tooling/free-port';
import { realOrDrawnKitchen } from '../../tooling/photo-source';
import type { Benchmark } from './benchmark';
import { count, iterations, mib, ms, quick, table, verdict } from './format';
import { describeMachine } from './machine';
import { cpuSeconds, rssBytes, sleep, stop, waitForAnswer } from './processes';
import { median } from './stats';

const CONNECTIONS = 100;
// The two routes take turns, so a neighbour's burst on a shared machine does not land on one of them only.
const loadRounds = () => iterations(3, 1);
/** Rounds per route before the figures start, not counted: the JIT has compiled the hot path by then. */
const warmUpRounds = () => iterations(1, 0);
const loadSeconds = () => Number(process.env.BENCH_SECONDS ?? iterations(5, 1));
const startRuns = () => iterations(7, 1);
const moderationRuns = () => iterations(15, 2);
export const CATALOGUE_ROUTE = `${API_PREFIX}${cataloguePaths.finishes.path}?door_style_group=Shaker&is_handleless=false`;
const BUDGET = { p99Ms: 10, ratio: 0.6, startMs: 1500, moderationMs: 150 };
/** Where the servers under test run, and where the load generator runs, when the machine has two cores. */
const SERVER_CORE = 0;
const GENERATOR_CORE = 1;
/** A process using this share of its core or more is the one the other waits for. */
const SATURATED_SHARE = 0.9;

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Pins a running process, every thread it has, to one core; threads it starts later inherit the pin. */
function pinToCore(pid: number, core: number): void {
  execFileSync('taskset', ['-a', '-c', '-p', String(core), String(pid)], { stdio: 'ignore' });
}

/** Where a server under benchmark listens: `mainJs` is the compiled server (tooling/compiled-server.ts). */
export interface ServerPlace {
  mainJs: string;
  port: number;
}

export const originOf = (port: number) => `http://127.0.0.1:${port}`;

/** The server as `npm start` runs it: compiled ahead of time (scripts/build.ts), started with plain node. */
export function startServerProcess(
  { mainJs, port }: ServerPlace,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): ChildProcess {
  return spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MODERATION: 'nsfw',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A Fastify server with one route and nothing else: the ceiling the catalogue route is compared with. */
function startBareProcess(port: number): ChildProcess {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ groups: ['Gloss', 'Matt'] }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** What a load generator reports for one run. */
interface GeneratorReport {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface LoadGenerator {
  name: string;
  command(url: string, seconds: number): string[];
  parse(output: string): GeneratorReport;
}

const wrkLatencyMs = (output: string, percent: number) => {
  const [, value = 'NaN', unit = 'ms'] =
    output.match(new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)`, 'm')) ?? [];
  return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit as 'us' | 'ms' | 's'];
};

const wrk: LoadGenerator = {
  name: (spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout?.match(/^wrk \S+/)?.[0] ?? 'wrk').trim(),
  // One thread: the generator has one core, as the server has.
  command: (url, seconds) => ['wrk', '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url],
  parse(output) {
    const requests = Number(output.match(/(\d+) requests in ([\d.]+)s/)?.[1] ?? Number.NaN);
    const socketErrors = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
    return {
      requests,
      requestsPerSecond: Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN),
      p50: wrkLatencyMs(output, 50),
      p99: wrkLatencyMs(output, 99),
      errors: socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
      non2xx: Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    };
  },
};

const autocannon: LoadGenerator = {
  name: 'autocannon 9',
  command: (url, seconds) => [
    'node_modules/.bin/autocannon',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '--json',
    url,
  ],
  parse(output) {
    const json = output.split('\n').find((line) => line.startsWith('{')) ?? '{}';
    const result = JSON.parse(json) as {
      requests: { total: number; average: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    };
    return {
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  },
};

interface LoadResult extends GeneratorReport {
  /** CPU the server under test spent per answered request, in microseconds. */
  serverCpuPerRequestUs: number;
  /** How much of one core the server used while loaded (1 = all of it). */
  serverCpuShare: number;
  /** The same two for the load generator. */
  generatorCpuPerRequestUs: number;
  generatorCpuShare: number;
}

/**
 * The generator's report of `output`, every figure read: a figure its output lacks (a changed format, a parser
 * reading the wrong field) fails the run with the output, rather than giving a row of zeros.
 */
function checkedReport(generator: LoadGenerator, url: string, output: string): GeneratorReport {
  const report = generator.parse(output);
  const unread = Object.entries(report)
    .filter(([, value]) => !Number.isFinite(value))
    .map(([name]) => name);
  if (unread.length > 0)
    throw new Error(`${generator.name}'s output for ${url} gave no ${unread.join(', ')}:\n${output}`);
  if (!(report.requests > 0 && report.requestsPerSecond > 0))
    throw new Error(`${generator.name} answered no requests for ${url}:\n${output}`);
  return report;
}

/** Children's user and system seconds from bash's `times` (its last line), e.g. `0m0.190s 0m1.940s`. */
function childCpuSeconds(timesLine: string): number {
  return [...timesLine.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

/** Loads `url` for the configured time, measuring the server process `serverPid` and the generator as it goes. */
function load(generator: LoadGenerator, url: string, serverPid: number, pinned: boolean): LoadResult {
  const seconds = loadSeconds();
  const placement = pinned ? ['taskset', '-c', String(GENERATOR_CORE)] : [];
  const serverCpuBefore = cpuSeconds(serverPid);
  const began = performance.now();
  // bash runs the generator as its only child, then `times` reports that child's CPU.
  const output = execFileSync(
    'bash',
    ['-c', '"$@" 2>/dev/null; times', 'bash', ...placement, ...generator.command(url, seconds)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 },
  );
  const wallSeconds = (performance.now() - began) / 1000;
  const serverCpu = cpuSeconds(serverPid) - serverCpuBefore;
  const generatorCpu = childCpuSeconds(output.trimEnd().split('\n').at(-1) ?? '');
  const report = checkedReport(generator, url, output);
  return {
    ...report,
    serverCpuPerRequestUs: (serverCpu / report.requests) * 1e6,
    serverCpuShare: serverCpu / wallSeconds,
    generatorCpuPerRequestUs: (generatorCpu / report.requests) * 1e6,
    generatorCpuShare: generatorCpu / wallSeconds,
  };
}

/** Each figure's median over the rounds; errors are summed. */
function medianLoad(rounds: LoadResult[]): LoadResult {
  const of = (pick: (result: LoadResult) => number) => median(rounds.map(pick));
  const sum = (pick: (result: LoadResult) => number) =>
    rounds.reduce((total, result) => total + pick(result), 0);
  return {
    requests: sum((result) => result.requests),
    requestsPerSecond: of((result) => result.requestsPerSecond),
    p50: of((result) => result.p50),
    p99: of((result) => result.p99),
    errors: sum((result) => result.errors),
    non2xx: sum((result) => result.non2xx),
    serverCpuPerRequestUs: of((result) => result.serverCpuPerRequestUs),
    serverCpuShare: of((result) => result.serverCpuShare),
    generatorCpuPerRequestUs: of((result) => result.generatorCpuPerRequestUs),
    generatorCpuShare: of((result) => result.generatorCpuShare),
  };
}

/** Runs `work` while sampling the process's RSS; answers work's result and the peak. */
async function withPeakRss<T>(pid: number, work: () => T): Promise<{ result: T; peakBytes: number }> {
  let peakBytes = rssBytes(pid);
  // The generator blocks this process (execFileSync), so the sampler runs in a child of its own.
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

async function measureStart(place: ServerPlace, dataDir: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < startRuns(); run += 1) {
    const began = performance.now();
    const server = startServerProcess(place, dataDir);
    await waitForAnswer(`${originOf(place.port)}${CATALOGUE_ROUTE}`, server);
    times.push(performance.now() - began);
    await stop(server);
  }
  return times;
}

async function measureModeration(): Promise<{ loadMs: number; medianMs: number; photos: string[] }> {
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
  const sources = await Promise.all(
    photos.map((name) => realOrDrawnKitchen(name, { width: 2048, height: 1536 })),
  );
  const images = await Promise.all(
    sources.map(async ({ file }) => ({
      bytes: await sharp(file.buffer).rotate().resize(2048, 2048, { fit: 'inside' }).jpeg().toBuffer(),
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
  return { loadMs, medianMs: median(times), photos: sources.map((source) => source.words) };
}

interface RoutePair {
  bare: LoadResult;
  catalogue: LoadResult;
}

interface LoadFigures extends RoutePair {
  generator: string;
  pinned: boolean;
  /** autocannon's own round per route, when the main figures came from another generator. */
  autocannonCheck?: RoutePair;
  restBytes: number;
  peakBytes: number;
}

async function measureLoad(place: ServerPlace, dataDir: string): Promise<LoadFigures> {
  const barePort = await freePort();
  const bare = startBareProcess(barePort);
  const server = startServerProcess(place, dataDir);
  const bareUrl = `${originOf(barePort)}/`;
  const catalogueUrl = `${originOf(place.port)}${CATALOGUE_ROUTE}`;
  try {
    await waitForAnswer(bareUrl, bare);
    // The catalogue sits outside the session: a browser's cookie would change nothing, so none is sent.
    await waitForAnswer(catalogueUrl, server);
    const pinned = cpus().length >= 2 && onPath('taskset');
    const serverPid = server.pid ?? 0;
    const barePid = bare.pid ?? 0;
    if (pinned) for (const pid of [serverPid, barePid]) pinToCore(pid, SERVER_CORE);
    const generator = onPath('wrk') ? wrk : autocannon;
    // Settled before the memory at rest is read; quick mode reads it sooner, its figures not to quote (D115).
    await sleep(quick() ? 200 : 2000);
    const restBytes = rssBytes(serverPid);
    let peakBytes = restBytes;
    const bothRoutes = async (using: LoadGenerator): Promise<RoutePair> => {
      const bareRound = load(using, bareUrl, barePid, pinned);
      const measured = await withPeakRss(serverPid, () => load(using, catalogueUrl, serverPid, pinned));
      peakBytes = Math.max(peakBytes, measured.peakBytes);
      return { bare: bareRound, catalogue: measured.result };
    };
    for (let round = 0; round < warmUpRounds(); round += 1) await bothRoutes(generator);
    const rounds: RoutePair[] = [];
    for (let round = 0; round < loadRounds(); round += 1) rounds.push(await bothRoutes(generator));
    const autocannonCheck = generator === autocannon ? undefined : await bothRoutes(autocannon);
    return {
      generator: generator.name,
      pinned,
      bare: medianLoad(rounds.map((round) => round.bare)),
      catalogue: medianLoad(rounds.map((round) => round.catalogue)),
      autocannonCheck,
      restBytes,
      peakBytes,
    };
  } finally {
    await Promise.all([stop(bare), stop(server)]);
  }
}

const latencies = (result: LoadResult) =>
  `${count(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`;
const microseconds = (value: number) => `${value.toFixed(1)} µs`;
const share = (value: number) => value.toFixed(2);

/** Which process the other waited for: the one that used (nearly) all of its core. */
function limitedBy(result: LoadResult): string {
  if (result.generatorCpuShare >= SATURATED_SHARE && result.serverCpuShare < SATURATED_SHARE)
    return 'the generator (its core full, the server’s not)';
  if (result.serverCpuShare >= SATURATED_SHARE) return 'the server (its core full)';
  return 'neither core full: other processes took CPU';
}

function describePlacement(figures: LoadFigures): string {
  if (!figures.pinned) {
    return (
      `The server, the bare route and ${figures.generator} each run as their own process, not pinned (one core, or ` +
      'no taskset), so the load generator competes with the server for the same cores: figures are for ' +
      'comparison within a run, not absolute capacity.'
    );
  }
  return (
    `The server under test and the bare route's server (each its own process, taking turns under load) are pinned ` +
    `to core ${SERVER_CORE} and the load generator, ${figures.generator} with one thread, to core ` +
    `${GENERATOR_CORE} (taskset), so the generator takes no CPU from the server it measures. Other processes on ` +
    'the machine are not excluded (see the load average): "CPU per request" counts only what each process itself ' +
    'spent, so it is the figure least disturbed by them.'
  );
}

function autocannonRows(figures: LoadFigures): string[][] {
  const check = figures.autocannonCheck;
  if (!check) return [];
  const row = (label: string, result: LoadResult) => [
    `autocannon instead, one round, ${label}`,
    `${count(result.requestsPerSecond)} req/s, p99 ${result.p99} ms; autocannon spent ` +
      `${microseconds(result.generatorCpuPerRequestUs)} of CPU per request (${share(result.generatorCpuShare)} ` +
      `of its core), the server ${microseconds(result.serverCpuPerRequestUs)} (${share(result.serverCpuShare)})`,
    '',
    '',
  ];
  return [row('bare route', check.bare), row('catalogue route', check.catalogue)];
}

export const serverBenchmark: Benchmark = {
  id: 'server',
  async run({ machine, compiledServer, seedDataDir }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kr-bench-'));
    try {
      await seedDataDir?.(dataDir);
      const place = { mainJs: compiledServer().mainJs, port: await freePort() };
      // A first start creates the database (the slow path); the measured starts reopen it. Quick mode goes
      // without (CI time, issue 35, D115): its one measured start reopens the database its context seeded (D124)
      // or creates it, and its figures are not to quote.
      if (!quick()) {
        console.log('server: creating the data directory...');
        const first = startServerProcess(place, dataDir);
        await waitForAnswer(`${originOf(place.port)}${CATALOGUE_ROUTE}`, first);
        await stop(first);
      }

      console.log(`server: start time, ${startRuns()} runs...`);
      const startTimes = await measureStart(place, dataDir);
      console.log(`server: bare and catalogue routes in turn, ${loadRounds()} × ${loadSeconds()} s each...`);
      const figures = await measureLoad(place, dataDir);
      const { bare, catalogue } = figures;
      console.log(`server: moderation, ${moderationRuns()} runs after warm-up...`);
      const moderation = await measureModeration();

      const ratio = catalogue.requestsPerSecond / bare.requestsPerSecond;
      const cpuRatio = bare.serverCpuPerRequestUs / catalogue.serverCpuPerRequestUs;
      const startMedian = median(startTimes);
      return `
## Server

${describeMachine(machine)}
${describePlacement(figures)}

${table(
  ['What', 'Measured', 'Budget', ''],
  [
    [
      `Catalogue route (\`${CATALOGUE_ROUTE}\`), ${CONNECTIONS} connections, ${figures.generator}, median of ${loadRounds()} × ${loadSeconds()} s after ${warmUpRounds()} warm-up round(s)`,
      latencies(catalogue),
      `p99 ≤ ${BUDGET.p99Ms} ms`,
      verdict(catalogue.p99 <= BUDGET.p99Ms),
    ],
    ['Bare Fastify route, same run, taking turns with it', latencies(bare), '', ''],
    ['Catalogue / bare req/s', ratio.toFixed(2), `≥ ${BUDGET.ratio}`, verdict(ratio >= BUDGET.ratio)],
    [
      'Server CPU per request, catalogue / bare (the ratio of the two: what req/s would be with the server the only limit)',
      `${microseconds(catalogue.serverCpuPerRequestUs)} / ${microseconds(bare.serverCpuPerRequestUs)} (${cpuRatio.toFixed(2)})`,
      '',
      '',
    ],
    [
      'Share of its core used under load: server, generator; who was the limit',
      `catalogue ${share(catalogue.serverCpuShare)}, ${share(catalogue.generatorCpuShare)}: ${limitedBy(catalogue)}; ` +
        `bare ${share(bare.serverCpuShare)}, ${share(bare.generatorCpuShare)}: ${limitedBy(bare)}`,
      '',
      '',
    ],
    [
      'Generator CPU per request, catalogue / bare',
      `${microseconds(catalogue.generatorCpuPerRequestUs)} / ${microseconds(bare.generatorCpuPerRequestUs)}`,
      '',
      '',
    ],
    ...autocannonRows(figures),
    [
      `Start to first answered request, existing data directory (median of ${startTimes.length})`,
      `${ms(startMedian)} (runs: ${startTimes.map((time) => count(time)).join(', ')})`,
      `≤ ${count(BUDGET.startMs)} ms`,
      verdict(startMedian <= BUDGET.startMs),
    ],
    ['RSS at rest / peak under load', `${mib(figures.restBytes)} / ${mib(figures.peakBytes)}`, '', ''],
    [
      `Moderation per image after warm-up (median of ${moderationRuns()}, 2048 px JPEG, tfjs WASM)`,
      `${ms(moderation.medianMs)} (model load ${ms(moderation.loadMs)})`,
      `≤ ${BUDGET.moderationMs} ms`,
      verdict(moderation.medianMs <= BUDGET.moderationMs),
    ],
  ],
)}

Errors during load: catalogue ${catalogue.errors} (non-2xx ${catalogue.non2xx}), bare ${bare.errors}.
Moderated photos: ${moderation.photos.join(', ')}.
CPU figures are each process's own user + system time (from /proc and bash's \`times\`), including the kernel's
work on its sockets. The server is compiled as \`npm run build\` compiles it and started with plain node, as
\`npm start\` runs it, so the start time includes no TypeScript compilation. The concept render per image is in its
own section below.
`;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
