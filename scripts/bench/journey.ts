// `npm run bench -- journey`: N simulated visitors at once, each doing the whole journey (page, authorise, upload a
// real photo, walk the catalogue as the wizard does, generate with the local provider, follow the job, fetch the
// picture), against one server instance and then against two on one real PostgreSQL, in the same run. Every
// request of a visitor goes to the next instance in turn (a load balancer without stickiness), so the two-instance
// figures also prove that nothing lives in one process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tooling/free-port';
import { realOrDrawnKitchen } from '../../tooling/photo-source';
import { createDatabase, startPostgresCluster } from '../../tooling/postgres-cluster';
import type { Benchmark } from './benchmark';
import { count, iterations, mib, ms, quick, table } from './format';
import { JourneyError, Visitor } from './journey-visitor';
import { describeMachine } from './machine';
import { cpuSeconds, rssBytes, stop, waitForAnswer } from './processes';
import { median, percentile } from './stats';

const PHOTO = 'kitchens/kitchen-05-modern-4x3-pexels.jpg';
const RSS_SAMPLE_MS = 200;
// Quick mode: one visitor, whose requests still alternate between the two instances (CI time, issue 35, D129).
const visitors = () => Number(process.env.BENCH_VISITORS ?? iterations(8, 1));
const journeysEach = () => Number(process.env.BENCH_JOURNEYS ?? iterations(3, 1));
// Shared by the instances of one deployment, as docs/deploy.md says they must be.
const SESSION_SECRET = 'journey-benchmark-session-secret-0123456789abcdef';

interface Instance {
  child: ChildProcess;
  origin: string;
  dataDir: string;
}

/** Where each instance comes from: the compiled server and the built app it serves. */
interface Builds {
  mainJs: string;
  distDir: string;
}

/** One instance as `npm start` runs it, on `databaseUrl`, with limits out of the way: the bench is one network. */
function startInstance(port: number, databaseUrl: string, { mainJs, distDir }: Builds): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kr-journey-'));
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MODERATION: 'nsfw',
      GENERATION_PROVIDER: 'local',
      SESSION_SECRET,
      GENERATION_LIMIT: '100000',
      GENERATION_NETWORK_DAILY_LIMIT: '1000000',
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, origin: `http://127.0.0.1:${port}`, dataDir };
}

interface RunFigures {
  instances: number;
  journeys: number;
  failures: string[];
  wallMs: number;
  journeyMs: number[];
  cpuSecondsPerJourney: number;
  peakRssBytes: number[];
}

/** N visitors at once, each doing its journeys one after another; CPU and RSS of every instance measured meanwhile. */
async function runJourneys(instances: Instance[], photo: Uint8Array, label: string): Promise<RunFigures> {
  const origins = instances.map((instance) => instance.origin);
  const pids = instances.map((instance) => instance.child.pid ?? 0);
  // One journey per instance first, not counted: models loaded, code compiled, caches warm. Not in quick mode,
  // whose figures are not quoted (CI time, issue 35, D129): its measured journeys load them.
  if (!quick())
    for (const [index, origin] of origins.entries())
      await new Visitor([origin]).journey(photo, `${label}-warm-${index}`);

  const peakRssBytes = pids.map(rssBytes);
  const sampler = setInterval(() => {
    for (const [index, pid] of pids.entries())
      peakRssBytes[index] = Math.max(peakRssBytes[index] ?? 0, rssBytes(pid));
  }, RSS_SAMPLE_MS);
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const journeyMs: number[] = [];
  const failures: string[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: visitors() }, async (_, visitorIndex) => {
      for (let journey = 0; journey < journeysEach(); journey += 1) {
        // A new visitor each time: a new cookie, a new guest, as a stream of people would be.
        const visitor = new Visitor(visitorIndex % 2 ? [...origins].reverse() : origins);
        const started = performance.now();
        try {
          await visitor.journey(photo, `${label}-${visitorIndex}-${journey}`);
          journeyMs.push(performance.now() - started);
        } catch (error) {
          if (!(error instanceof JourneyError)) throw error;
          failures.push(error.message);
        }
      }
    }),
  );
  const wallMs = performance.now() - began;
  clearInterval(sampler);
  const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
  return {
    instances: instances.length,
    journeys: journeyMs.length,
    failures,
    wallMs,
    journeyMs,
    cpuSecondsPerJourney: journeyMs.length > 0 ? cpu / journeyMs.length : Number.NaN,
    peakRssBytes,
  };
}

async function withInstances<T>(
  count: number,
  databaseUrl: string,
  builds: Builds,
  work: (instances: Instance[]) => Promise<T>,
): Promise<T> {
  const instances: Instance[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const instance = startInstance(await freePort(), databaseUrl, builds);
      instances.push(instance);
      await waitForAnswer(`${instance.origin}/api/v1/store/worktops/materials`, instance.child);
    }
    return await work(instances);
  } finally {
    await Promise.all(instances.map((instance) => stop(instance.child)));
    for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
  }
}

const perMinute = (figures: RunFigures) => (figures.journeys / figures.wallMs) * 60_000;

function row(figures: RunFigures): string[] {
  return [
    figures.instances === 1 ? 'one instance' : `${figures.instances} instances`,
    `${figures.journeys}${figures.failures.length ? ` (${figures.failures.length} failed)` : ''}`,
    count(perMinute(figures)),
    ms(median(figures.journeyMs)),
    ms(percentile(figures.journeyMs, 0.95)),
    ms(figures.cpuSecondsPerJourney * 1000),
    figures.peakRssBytes.map(mib).join(', '),
  ];
}

export const journeyBenchmark: Benchmark = {
  id: 'journey',
  async run(context) {
    const builds = { mainJs: context.compiledServer().mainJs, distDir: context.appDist() };
    const photo = await realOrDrawnKitchen(PHOTO, { width: 1600, height: 1200 });
    const cluster = await startPostgresCluster();
    try {
      const one = await withInstances(
        1,
        await createDatabase(cluster.url, 'journey_one'),
        builds,
        (instances) => runJourneys(instances, photo.file.buffer, 'one'),
      );
      const two = await withInstances(
        2,
        await createDatabase(cluster.url, 'journey_two'),
        builds,
        (instances) => runJourneys(instances, photo.file.buffer, 'two'),
      );
      const failures = [...one.failures, ...two.failures];
      const ratio = perMinute(two) / perMinute(one);
      return [
        '## Whole journeys: one instance, and two on one PostgreSQL',
        '',
        describeMachine(context.machine),
        '',
        `${visitors()} visitors at once, each doing ${journeysEach()} whole journeys one after another (a new guest ` +
          `each time): the page and its boot data, authorise, upload a 4:3 kitchen photo, ${photo.words} (moderated by the ` +
          'nsfw model), the wizard’s nine catalogue reads, generate with the local concept renderer, poll the job ' +
          'every 100 ms, fetch the picture. The instances run as `npm start` runs them, on one real PostgreSQL ' +
          '(a database each configuration), with separate data directories; with two, each visitor’s requests ' +
          `alternate between them. ${quick() ? 'Quick mode makes no warm-up journey' : 'One warm-up journey per instance is not counted'}. CPU is every instance’s own ` +
          '(all threads, from /proc) divided by the journeys; RSS is each instance’s peak.',
        '',
        table(
          [
            'Configuration',
            'Journeys',
            'Journeys/min',
            'Median',
            'p95',
            'Server CPU per journey',
            'Peak RSS',
          ],
          [row(one), row(two)],
        ),
        '',
        `Two instances to one: **${ratio.toFixed(2)}×** the journeys per minute. The machine has ` +
          `${context.machine.cores} cores, shared by the instances, PostgreSQL and the visitors, so this is the ` +
          'cost of running two instances on one machine, not the gain from a second machine.',
        ...(failures.length > 0 ? ['', `Failures: ${failures.slice(0, 5).join('; ')}`] : []),
      ].join('\n');
    } finally {
      await cluster.stop();
    }
  },
};
