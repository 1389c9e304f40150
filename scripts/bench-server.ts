// `npm run bench:server`: measures the server against DESIGN.md's budgets and writes the figures into a section
// of docs/benchmarks.md. The server runs as its own process (as `npm start` runs it); autocannon runs as another.
//   - catalogue route vs a bare Fastify route, same run, 100 connections: req/s, p50, p99, the ratio
//   - start time to the first answered request with an existing data directory (median of several)
//   - RSS at rest and under load
//   - moderation time per image after warm-up (median)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { API_PREFIX, cataloguePaths } from '../contract/endpoints';
import { createNsfwModerator } from '../server/moderation/nsfw-moderator';
import { fixture } from '../tests/support/paths';

const CONNECTIONS = 100;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// The two routes take turns, so a neighbour's burst on a shared machine does not land on one of them only.
const LOAD_ROUNDS = 3;
const START_RUNS = 7;
const MODERATION_RUNS = 15;
const SERVER_PORT = 3310;
const BARE_PORT = 3311;
const CATALOGUE_ROUTE = `${API_PREFIX}${cataloguePaths.finishes.path}?door_style_group=Shaker&is_handleless=false`;
const REPORT = path.resolve('docs/benchmarks.md');
const SECTION_START = '<!-- bench:server:start -->';
const SECTION_END = '<!-- bench:server:end -->';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (kib: number) => Math.round(kib / 1024);

/** Resident memory of a process in KiB, from /proc (Linux). */
function rssKib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0);
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

async function waitForAnswer(url: string, init?: RequestInit): Promise<Response> {
  for (;;) {
    try {
      const response = await fetch(url, init);
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
    ['-c', String(CONNECTIONS), '-d', String(LOAD_SECONDS), '--json', ...headerArgs, url],
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
  return {
    requestsPerSecond: of((result) => result.requestsPerSecond),
    p50: of((result) => result.p50),
    p99: of((result) => result.p99),
    errors: rounds.reduce((sum, result) => sum + result.errors, 0),
    non2xx: rounds.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

/** Runs `work` while sampling the process's RSS; returns work's result and the peak. */
async function withPeakRss<T>(pid: number, work: () => T): Promise<{ result: T; peakKib: number }> {
  let peakKib = rssKib(pid);
  // autocannon blocks this process (execFileSync), so the sampler runs in a child of its own.
  const sampler = spawn(
    'bash',
    ['-c', `while sleep 0.2; do grep VmRSS /proc/${pid}/status || exit 0; done`],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let samples = '';
  sampler.stdout?.on('data', (chunk: Buffer) => {
    samples += chunk.toString();
  });
  const result = work();
  await sleep(300);
  sampler.kill();
  for (const match of samples.matchAll(/VmRSS:\s+(\d+) kB/g)) peakKib = Math.max(peakKib, Number(match[1]));
  return { result, peakKib };
}

async function measureStart(dataDir: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < START_RUNS; run += 1) {
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
  for (let run = 0; run < MODERATION_RUNS; run += 1) {
    const image = images[run % images.length];
    if (!image) continue;
    const started = performance.now();
    await moderator.classify(image);
    times.push(performance.now() - started);
  }
  return { loadMs, medianMs: median(times) };
}

function writeSection(markdown: string): void {
  const section = `${SECTION_START}\n${markdown.trim()}\n${SECTION_END}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(SECTION_START);
  const end = current.indexOf(SECTION_END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + SECTION_END.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(REPORT, next);
}

const verdict = (ok: boolean) => (ok ? 'meets' : '**misses**');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kr-bench-'));
  // Other work on the machine shows in every figure; the load average at the start says how much there was.
  const [loadAtStart = 0] = loadavg();
  try {
    // A first start creates the database (the slow path); the measured starts reopen it.
    console.log('creating the data directory...');
    const first = startServerProcess(dataDir);
    await waitForAnswer(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`);
    await stop(first);

    console.log(`start time, ${START_RUNS} runs...`);
    const startTimes = await measureStart(dataDir);

    console.log(`load: bare and catalogue routes in turn, ${LOAD_ROUNDS} × ${LOAD_SECONDS} s each...`);
    const bare = startBareProcess();
    const server = startServerProcess(dataDir);
    await waitForAnswer(`http://127.0.0.1:${BARE_PORT}/`);
    // A browser has its session cookie from the first page load; so does the load generator.
    const firstAnswer = await waitForAnswer(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`);
    const cookie = firstAnswer.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    await sleep(2000);
    const pid = server.pid ?? 0;
    const restKib = rssKib(pid);
    const bareRounds: LoadResult[] = [];
    const catalogueRounds: LoadResult[] = [];
    let peakKib = restKib;
    for (let round = 0; round < LOAD_ROUNDS; round += 1) {
      bareRounds.push(load(`http://127.0.0.1:${BARE_PORT}/`));
      const measured = await withPeakRss(pid, () =>
        load(`http://127.0.0.1:${SERVER_PORT}${CATALOGUE_ROUTE}`, { cookie }),
      );
      catalogueRounds.push(measured.result);
      peakKib = Math.max(peakKib, measured.peakKib);
    }
    await Promise.all([stop(bare), stop(server)]);
    const bareResult = medianLoad(bareRounds);
    const catalogueResult = medianLoad(catalogueRounds);

    console.log(`moderation, ${MODERATION_RUNS} runs after warm-up...`);
    const moderation = await measureModeration();

    const ratio = catalogueResult.requestsPerSecond / bareResult.requestsPerSecond;
    const startMedian = median(startTimes);
    const cpu = cpus();
    const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });
    const markdown = `
## Server (\`npm run bench:server\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(2)} at the start.
The server, the bare route and autocannon each run as their own process on the same machine, so the load generator
competes with the server for the same cores: figures are for comparison within a run, not absolute capacity.

| What | Measured | Budget (DESIGN.md) | |
|---|---|---|---|
| Catalogue route (\`${CATALOGUE_ROUTE}\`), ${CONNECTIONS} connections, median of ${LOAD_ROUNDS} × ${LOAD_SECONDS} s | ${fmt(catalogueResult.requestsPerSecond)} req/s, p50 ${catalogueResult.p50} ms, p99 ${catalogueResult.p99} ms | p99 ≤ 10 ms | ${verdict(catalogueResult.p99 <= 10)} |
| Bare Fastify route, same run | ${fmt(bareResult.requestsPerSecond)} req/s, p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms | | |
| Catalogue / bare req/s | ${ratio.toFixed(2)} | ≥ 0.6 | ${verdict(ratio >= 0.6)} |
| Start to first answered request, existing data dir (median of ${START_RUNS}) | ${fmt(startMedian)} ms (runs: ${startTimes.map(fmt).join(', ')}) | ≤ 1500 ms | ${verdict(startMedian <= 1500)} |
| RSS at rest / peak under load | ${mib(restKib)} MiB / ${mib(peakKib)} MiB | | |
| Moderation per image after warm-up (median of ${MODERATION_RUNS}, 2048 px JPEG) | ${fmt(moderation.medianMs)} ms (model load ${fmt(moderation.loadMs)} ms) | ≤ 150 ms | ${verdict(moderation.medianMs <= 150)} |

Errors during load: catalogue ${catalogueResult.errors} (non-2xx ${catalogueResult.non2xx}), bare ${bareResult.errors}.
The start time includes compiling TypeScript with tsx, as \`npm start\` does.
`;
    writeSection(markdown);
    console.log(markdown);
    console.log(`written to ${path.relative(process.cwd(), REPORT)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
