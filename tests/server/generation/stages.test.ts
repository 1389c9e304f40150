// Job stages, cancelling and failing providers, against the real server with a provider the test steers
// (registered through the provider registry, selected by config like any other).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../contract/errors';
import { jobResponseSchema } from '../../../contract/generation';
import type { Database } from '../../../server/db/database';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { GenerationClient, startedJob } from './generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from './scripted-provider';

const LIMIT = 5;
const scripted = registerScriptedProvider();

let db: Database;
let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  db = await openMigratedPglite();
  server = await startServer(
    testConfig(temp.dir, {
      generationLimit: LIMIT,
      generationProvider: SCRIPTED_PROVIDER,
      // Short, so the lost-lease case below is seen within a few renewals.
      generationJobs: { leaseMs: 1_000, pollMs: 100, maxAttempts: 3 },
    }),
    { db },
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  temp.remove();
});

const newUser = () => new GenerationClient(server.origin);

describe('a job', () => {
  it('moves through queued, preparing, rendering and finishing as the work really does', async () => {
    scripted.behaviour = 'gated';
    const kim = newUser();
    const imageId = await kim.upload();
    const first = startedJob(await kim.startKitchen({ imageId }));
    expect(first).toMatchObject({ state: 'queued', provider: SCRIPTED_PROVIDER });
    await kim.until(first.id, (job) => job.state === 'preparing');

    // One job runs at a time: the next one waits its turn in `queued`.
    const second = startedJob(await kim.startKitchen({ imageId }));
    expect((await kim.job(second.id)).state).toBe('queued');

    scripted.open('preparing');
    await kim.until(first.id, (job) => job.state === 'rendering');
    expect((await kim.job(second.id)).state).toBe('queued');
    scripted.open('rendering');
    await kim.until(first.id, (job) => job.state === 'finishing');
    scripted.open('finishing');
    const done = await kim.finished(first.id);
    expect(done).toMatchObject({ state: 'succeeded', error: null });
    expect(done.resultImageId).not.toBeNull();

    // Cancelling a running job stops it and gives its unit back.
    await kim.until(second.id, (job) => job.state === 'preparing');
    expect(await kim.remaining()).toBe(LIMIT - 2);
    const cancelled = await kim.cancel(second.id);
    expect(cancelled.status).toBe(200);
    expect(jobResponseSchema.parse(cancelled.body).job).toMatchObject({ state: 'cancelled', error: null });
    expect(cancelled.remaining).toBe(LIMIT - 1);
    expect(await kim.finished(second.id)).toMatchObject({ state: 'cancelled', resultImageId: null });
  });

  it('cancelled while queued never starts, and the unit comes back once however often it is cancelled', async () => {
    scripted.behaviour = 'gated';
    const lou = newUser();
    const imageId = await lou.upload();
    const running = startedJob(await lou.startKitchen({ imageId }));
    await lou.until(running.id, (job) => job.state === 'preparing');
    const waiting = startedJob(await lou.startKitchen({ imageId }));
    expect(await lou.remaining()).toBe(LIMIT - 2);
    const answers = await Promise.all([lou.cancel(waiting.id), lou.cancel(waiting.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await lou.remaining()).toBe(LIMIT - 1);
    await expect.poll(() => scripted.waiting('preparing'), { timeout: 10_000 }).toBe(1);
    const abortedBefore = scripted.aborted;
    const stopped = await lou.cancel(running.id);
    expect(jobResponseSchema.parse(stopped.body).job.state).toBe('cancelled');
    expect(stopped.remaining).toBe(LIMIT);
    // The provider was told to stop.
    await expect.poll(() => scripted.aborted, { timeout: 10_000 }).toBe(abortedBefore + 1);
    expect(await lou.job(waiting.id)).toMatchObject({ state: 'cancelled' });
    // A finished job stays as it ended.
    expect(jobResponseSchema.parse((await lou.cancel(running.id)).body).job.state).toBe('cancelled');
    expect(await lou.remaining()).toBe(LIMIT);
  });

  it('caps how many jobs one user may have queued or running', async () => {
    scripted.behaviour = 'gated';
    const max = newUser();
    const imageId = await max.upload();
    const jobs = [];
    for (let i = 0; i < 3; i += 1) jobs.push(startedJob(await max.startEmptyRoom(imageId)));
    const refused = await max.startKitchen({ imageId }, 'refused-once');
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(refused.body).code).toBe('TOO_MANY_JOBS');
    // The scripted provider stands in for a paid one: each empty room took a unit; the refusal took none.
    expect(refused.remaining).toBe(LIMIT - 3);
    // The refusal left no trace (claim and job commit together): its key is simply refused again.
    const retried = await max.startKitchen({ imageId }, 'refused-once');
    expect(apiErrorSchema.parse(retried.body).code).toBe('TOO_MANY_JOBS');
    expect(retried.remaining).toBe(LIMIT - 3);
    expect((await max.startEmptyRoom(imageId)).status).toBe(429);
    for (const job of jobs) await max.cancel(job.id);
  });
});

describe('a failing provider', () => {
  it.each([
    [
      'throws',
      /^We could not make your kitchen this time\. Your generation was not charged; please try again\.$/,
    ],
    [
      'garbage',
      /^The image service sent back something that is not a picture\. Your generation was not charged/,
    ],
    ['refuses', /^The image service refused this photo\. Your generation was not charged/],
  ] as const)(
    'that %s fails the job with a readable message and gives the unit back',
    async (behaviour, message) => {
      scripted.behaviour = behaviour;
      const nia = newUser();
      const imageId = await nia.upload();
      const answer = await nia.startKitchen({ imageId });
      expect(answer.remaining).toBe(LIMIT - 1);
      const failed = await nia.finished(startedJob(answer).id);
      expect(failed).toMatchObject({ state: 'failed', resultImageId: null });
      expect(failed.error).toMatch(message);
      expect(failed.error).not.toMatch(/\/srv|upstream|\.js:\d+/);
      expect(await nia.remaining()).toBe(LIMIT);
    },
  );

  it('that never answers and ignores its signal does not hold up the jobs after a cancel', async () => {
    scripted.behaviour = 'hangs';
    const pat = newUser();
    const imageId = await pat.upload();
    const startedBefore = scripted.started;
    const stuck = startedJob(await pat.startKitchen({ imageId }));
    await expect.poll(() => scripted.started, { timeout: 10_000 }).toBe(startedBefore + 1);
    await pat.cancel(stuck.id);
    scripted.behaviour = 'refuses';
    const next = await pat.finished(startedJob(await pat.startKitchen({ imageId })).id);
    expect(next.state).toBe('failed');
    expect(await pat.remaining()).toBe(LIMIT);
  });

  it('fails a paid empty room and gives its unit back', async () => {
    scripted.behaviour = 'throws';
    const oz = newUser();
    const started = await oz.startEmptyRoom(await oz.upload());
    expect(started.remaining).toBe(LIMIT - 1);
    const failed = await oz.finished(startedJob(started).id);
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'We could not prepare the empty room this time. Please try again.',
    });
    expect(await oz.remaining()).toBe(LIMIT);
  });
});

// A runner that finds at a renewal that another runner holds its job's lease (it stalled past it) stops without
// failing or refunding the job; once that lease lapses, the job is taken again as a second attempt. The other
// runner is written into the database.
describe('a lost lease', () => {
  it('stops the runner without failing the job; the job is taken again once the other lease lapses', async () => {
    scripted.behaviour = 'gated';
    const client = newUser();
    const imageId = await client.upload();
    const job = startedJob(await client.startKitchen({ imageId }));
    scripted.open('preparing');
    await client.until(job.id, (current) => current.state === 'rendering');
    const abortedBefore = scripted.aborted;
    const startedBefore = scripted.started;

    // Another runner holds it now, for a few of this runner's renewals.
    await db.query(
      `UPDATE generation_jobs SET lease_owner = 'another-runner',
         lease_expires_at = clock_timestamp() + interval '3 seconds' WHERE id = $1`,
      [job.id],
    );
    await expect.poll(() => scripted.aborted, { timeout: 20_000 }).toBe(abortedBefore + 1);
    expect((await client.job(job.id)).state).toBe('rendering');

    // That runner never renews: its lease lapses and this server takes the job up again.
    await expect.poll(() => scripted.started, { timeout: 20_000 }).toBe(startedBefore + 1);
    for (const stage of ['preparing', 'rendering', 'finishing'] as const) scripted.open(stage);
    expect(await client.finished(job.id)).toMatchObject({ state: 'succeeded', error: null });
    const [row] = await db.query<{ attempts: number }>('SELECT attempts FROM generation_jobs WHERE id = $1', [
      job.id,
    ]);
    expect(row?.attempts).toBe(2);
    expect(await client.remaining()).toBe(LIMIT - 1);
  }, 60_000);
});
