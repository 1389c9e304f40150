// Two real server processes on one real PostgreSQL, generating with Replicate's wire format (the local fake):
// a server SIGKILLed while its prediction runs loses the job only until its lease lapses; the other instance
// takes it up, polls the same prediction (never paying for a second) and finishes it, charged once. A cancel sent
// to the instance that is not running the job stops the one that is, which cancels the prediction.
// The instances share nothing but PostgreSQL: separate data directories, images in the database (the default
// with DATABASE_URL).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../contract/images';
import type { Database } from '../../../server/db/database';
import { openPostgres } from '../../../server/db/postgres';
import { temporaryDir } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import {
  type FakeReplicate,
  FLUX_KONTEXT_PATH,
  REPLICATE_TEST_TOKEN,
  startFakeReplicate,
} from '../providers/fake-replicate';
import { GenerationClient, startedJob } from './generation-client';

const LIMIT = 5;
const temp = temporaryDir();

let cluster: TestPostgres;
let fake: FakeReplicate;
let db: Database;
/** Instance by name; a killed one is replaced by its restart. */
const instances = new Map<string, ServerProcess>();

function dataDir(name: string): string {
  const dir = path.join(temp.dir, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function start(name: string): Promise<ServerProcess> {
  const server = await spawnServer({
    DATA_DIR: dataDir(name),
    DIST_DIR: path.join(temp.dir, 'no-dist'),
    DATABASE_URL: cluster.url,
    // One secret for both, so a browser's session cookie is good on either.
    SESSION_SECRET: 'two-instances-session-secret-0123456789abcdef',
    GENERATION_LIMIT: String(LIMIT),
    GENERATION_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: REPLICATE_TEST_TOKEN,
    REPLICATE_BASE_URL: `${fake.origin}/v1`,
    // Short, so a dead instance's job is taken up within the test's patience; renewals every third of it.
    GENERATION_LEASE_MS: '2000',
    GENERATION_POLL_MS: '200',
    RATE_LIMIT_MAX: '1000',
  });
  instances.set(name, server);
  return server;
}

beforeAll(async () => {
  [cluster, fake] = await Promise.all([startPostgres(), startFakeReplicate()]);
  db = await openPostgres(cluster.url);
  // One at a time: both would migrate at once (the advisory lock makes that safe, but slower on 2 cores).
  await start('a');
  await start('b');
}, 120_000);

afterAll(async () => {
  await Promise.all([...instances.values()].map((server) => server.stop()));
  await db?.close();
  await fake?.close();
  await cluster?.stop();
  temp.remove();
});

const creates = () => fake.to(FLUX_KONTEXT_PATH);
const cancels = () => fake.requests.filter((request) => request.url.endsWith('/cancel'));

interface Lease {
  owner: string | null;
  predictionId: string | undefined;
  attempts: number;
}

async function leaseOf(jobId: string): Promise<Lease> {
  const [row] = await db.query<{
    owner: string | null;
    ref: { predictionId?: string } | null;
    attempts: number;
  }>('SELECT lease_owner AS owner, provider_ref AS ref, attempts FROM generation_jobs WHERE id = $1', [
    jobId,
  ]);
  if (!row) throw new Error(`no job ${jobId}`);
  return { owner: row.owner, predictionId: row.ref?.predictionId, attempts: row.attempts };
}

/** Waits until a runner has created the job's prediction and saved its id; answers which instance it is. */
async function runningPrediction(jobId: string): Promise<{ holder: string; other: string; lease: Lease }> {
  await expect.poll(async () => (await leaseOf(jobId)).predictionId, { timeout: 30_000 }).toBeDefined();
  const lease = await leaseOf(jobId);
  // The owner is `host:pid:random` (job-runner's runnerName).
  const pid = Number(lease.owner?.split(':')[1]);
  const holder = [...instances].find(([, server]) => server.pid === pid)?.[0];
  if (!holder) throw new Error(`no instance has pid ${pid} (${lease.owner})`);
  const other = [...instances.keys()].find((name) => name !== holder) ?? '';
  return { holder, other, lease };
}

const originOf = (name: string) => instances.get(name)?.origin ?? '';

describe('two server processes on one PostgreSQL', () => {
  let client: GenerationClient;

  it('a server killed while its prediction runs: the other takes the job up and it succeeds, charged once', async () => {
    fake.behaviour = 'never-ends';
    client = new GenerationClient(originOf('a'));
    const imageId = await client.upload();
    const job = startedJob(await client.startKitchen({ imageId }));
    const { holder, other, lease } = await runningPrediction(job.id);
    expect(creates()).toHaveLength(1);
    expect(lease.attempts).toBe(1);

    await instances.get(holder)?.kill();
    // The model finishes while nobody is watching; whoever polls next sees the picture.
    fake.behaviour = 'answers-later';

    const survivor = client.on(originOf(other));
    const finished = await survivor.finished(job.id, 60_000);
    expect(finished).toMatchObject({ state: 'succeeded', error: null });
    // Re-attached to the same prediction: one paid for, none cancelled.
    expect(creates()).toHaveLength(1);
    expect(cancels()).toHaveLength(0);
    const after = await leaseOf(job.id);
    expect(after).toMatchObject({ predictionId: lease.predictionId, attempts: 2 });
    expect(after.owner).not.toBe(lease.owner);
    expect(await survivor.remaining()).toBe(LIMIT - 1);
    const picture = await survivor.request(imageUrl(finished.resultImageId ?? ''));
    expect(picture.status).toBe(200);

    // The killed instance comes back on its own data directory and serves the same session.
    await start(holder);
    const restarted = client.on(originOf(holder));
    expect(await restarted.job(job.id)).toMatchObject({ state: 'succeeded' });
    expect(await restarted.remaining()).toBe(LIMIT - 1);
  }, 180_000);

  it('a server stopped with SIGTERM hands its job back: the other finishes it on the same prediction, no attempt spent', async () => {
    fake.behaviour = 'never-ends';
    client = client.on(originOf('a'));
    const imageId = await client.upload();
    const createsBefore = creates().length;
    const job = startedJob(await client.startKitchen({ imageId }));
    const { holder, other, lease } = await runningPrediction(job.id);

    await instances.get(holder)?.stop();
    fake.behaviour = 'answers-later';
    const finished = await client.on(originOf(other)).finished(job.id, 60_000);
    expect(finished.state).toBe('succeeded');
    // Handed back, not lost: no attempt spent, the prediction neither cancelled nor paid for again.
    expect(await leaseOf(job.id)).toMatchObject({ predictionId: lease.predictionId, attempts: 1 });
    expect(creates()).toHaveLength(createsBefore + 1);
    expect(cancels()).toHaveLength(0);
    expect(await client.on(originOf(other)).remaining()).toBe(LIMIT - 2);
    await start(holder);
  }, 180_000);

  it('a cancel sent to the other instance stops the one running the job, which cancels the prediction', async () => {
    fake.behaviour = 'never-ends';
    // The same browser, on instance a as it is now (restarted, if it was the one killed).
    client = client.on(originOf('a'));
    const imageId = await client.upload();
    const job = startedJob(await client.startKitchen({ imageId }));
    expect(await client.remaining()).toBe(LIMIT - 3);
    const { other, lease } = await runningPrediction(job.id);
    const cancelsBefore = cancels().length;

    const answer = await client.on(originOf(other)).cancel(job.id);
    expect(answer.status).toBe(200);
    expect(answer.remaining).toBe(LIMIT - 2);

    // The running instance heard of it (notification, or its next renewal at the latest) and told Replicate.
    await expect.poll(() => cancels().length, { timeout: 30_000 }).toBe(cancelsBefore + 1);
    expect(cancels().at(-1)?.url).toBe(`/v1/predictions/${lease.predictionId}/cancel`);
    expect(await client.job(job.id)).toMatchObject({ state: 'cancelled' });
    // Refunded once: the sweep on both instances finds nothing more to give back.
    const [claim] = await db.query<{ refunded: boolean }>(
      `SELECT c.refunded_at IS NOT NULL AS refunded FROM generation_claims c
       JOIN generation_jobs j ON j.claim_id = c.id WHERE j.id = $1`,
      [job.id],
    );
    expect(claim?.refunded).toBe(true);
    expect(await client.remaining()).toBe(LIMIT - 2);
    expect(creates()).toHaveLength(3);
  }, 120_000);
});
