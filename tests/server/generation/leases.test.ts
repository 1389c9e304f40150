// The job store's leases (migration 7) on both databases the server runs on: fair takes (one running job per
// user, users served round-robin), lapsed leases taken again with bounded attempts, renewals that see a job
// ended or lost, hand-backs at shutdown, the sweep that fails exhausted jobs and refunds each claim once, and
// dozens of runners racing for the same jobs. Lapsed leases are written into the database rather than waited for.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { runMigrations } from '../../../server/db/migrations';
import { openPostgres } from '../../../server/db/postgres';
import { createJobStore, type JobStore, type Lease } from '../../../server/jobs/job-store';
import { EXHAUSTED_MESSAGES } from '../../../server/jobs/messages';
import { sweepJobs } from '../../../server/jobs/recovery';
import { createQuota, type Quota } from '../../../server/quota/quota';
import { createUserStore } from '../../../server/users/user-store';
import { openFreshPglite } from '../../../tooling/fresh-pglite';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { storedKitchenRequest } from './stored-job';

const LIMIT = 5;
const MAX_ATTEMPTS = 3;
const LEASE_MS = 60_000;
const runnerA: Lease = { owner: 'runner-a', ms: LEASE_MS };
const runnerB: Lease = { owner: 'runner-b', ms: LEASE_MS };

let cluster: TestPostgres | undefined;
afterAll(() => cluster?.stop());

const databases: [string, () => Promise<Database>][] = [
  ['PGlite', () => openFreshPglite()],
  [
    'PostgreSQL',
    async () => {
      cluster = await startPostgres();
      return openPostgres(cluster.url);
    },
  ],
];

describe.each(databases)('generation job leases on %s', (_name, open) => {
  let db: Database;
  let jobs: JobStore;
  let quota: Quota;

  beforeAll(async () => {
    db = await open();
    await runMigrations(db);
    jobs = createJobStore(db);
    quota = createQuota(db);
  }, 90_000);
  afterAll(() => db?.close());

  const newUser = () => createUserStore(db, LIMIT).createGuest();

  /** A queued kitchen job with the unit it spent; created one after another, so in this order. */
  async function queuedKitchen(userId: number): Promise<string> {
    const claimed = await quota.claim(userId);
    if (!claimed.granted) throw new Error('the quota refused a claim');
    const id = randomUUID();
    await jobs.create({
      id,
      userId,
      request: storedKitchenRequest(),
      provider: 'replicate',
      claimId: claimed.claim.id,
      idempotencyKey: null,
    });
    return id;
  }

  const take = async (lease = runnerA) => (await jobs.takeNext(lease, MAX_ATTEMPTS))?.job.id;

  /** Makes the job's lease look as if its runner stopped renewing it a while ago. */
  async function lapse(id: string): Promise<void> {
    await db.query(
      `UPDATE generation_jobs SET lease_expires_at = clock_timestamp() - interval '1 second' WHERE id = $1`,
      [id],
    );
  }

  /** Ends every unfinished job, so each test starts with an empty queue. */
  async function drainAll(): Promise<void> {
    await db.query(
      `UPDATE generation_jobs SET state = 'cancelled' WHERE state NOT IN ('succeeded', 'failed', 'cancelled')`,
    );
  }

  it('never runs a second job for a user: with 3 queued for one user and 1 for another, the other is second', async () => {
    await drainAll();
    const busy = await newUser();
    const other = await newUser();
    const [first] = [await queuedKitchen(busy), await queuedKitchen(busy), await queuedKitchen(busy)];
    const others = await queuedKitchen(other);

    expect(await take()).toBe(first);
    expect(await take(runnerB)).toBe(others);
    // Both users have a job running: nothing else may start, however many runners ask.
    expect(await take()).toBeUndefined();
    expect(await take(runnerB)).toBeUndefined();
    expect((await jobs.find(busy, first))?.job.state).toBe('preparing');
  });

  it('serves users round-robin: a user waiting longest since served goes before an older job', async () => {
    await drainAll();
    const early = await newUser();
    const late = await newUser();
    const [earlyFirst, earlySecond] = [await queuedKitchen(early), await queuedKitchen(early)];
    const lateFirst = await queuedKitchen(late);

    expect(await take()).toBe(earlyFirst);
    expect(await jobs.succeed(earlyFirst, randomUUID())).toBe(true);
    // Oldest job first would be the early user's second; the late user has not been served at all.
    expect(await take()).toBe(lateFirst);
    expect(await jobs.succeed(lateFirst, randomUUID())).toBe(true);
    expect(await take()).toBe(earlySecond);
  });

  it('takes a job whose lease lapsed again, counting attempts, and leaves it to the sweep after the last', async () => {
    await drainAll();
    const userId = await newUser();
    const id = await queuedKitchen(userId);
    expect(await quota.remaining(userId)).toBe(LIMIT - 1);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const record = await jobs.takeNext(attempt % 2 ? runnerA : runnerB, MAX_ATTEMPTS);
      expect(record?.job.id).toBe(id);
      expect(record?.attempts).toBe(attempt);
      // Held: nobody else takes it.
      expect(await take(runnerB)).toBeUndefined();
      await lapse(id);
    }
    expect(await take()).toBeUndefined();

    // Two sweeps at once, as two instances would: failed once, refunded once.
    const swept = await Promise.all([
      sweepJobs(jobs, quota, MAX_ATTEMPTS),
      sweepJobs(jobs, quota, MAX_ATTEMPTS),
    ]);
    expect(swept.map((result) => result.exhausted).sort()).toEqual([0, 1]);
    expect((await jobs.find(userId, id))?.job).toMatchObject({
      state: 'failed',
      error: EXHAUSTED_MESSAGES.kitchen,
    });
    expect(await quota.remaining(userId)).toBe(LIMIT);
    expect(await jobs.unrefundedClaims()).toEqual([]);
    await sweepJobs(jobs, quota, MAX_ATTEMPTS);
    expect(await quota.remaining(userId)).toBe(LIMIT);
  });

  it('renews a held lease, and tells a renewal that the job ended or another runner holds it', async () => {
    await drainAll();
    const userId = await newUser();
    const cancelled = await queuedKitchen(userId);
    expect(await take()).toBe(cancelled);
    expect(await jobs.renew(cancelled, runnerA)).toBe('held');
    expect(await jobs.end(cancelled, 'cancelled', null, userId)).toBeDefined();
    expect(await jobs.renew(cancelled, runnerA)).toBe('ended');

    const stolen = await queuedKitchen(userId);
    expect(await take()).toBe(stolen);
    await lapse(stolen);
    expect(await take(runnerB)).toBe(stolen);
    expect(await jobs.renew(stolen, runnerA)).toBe('lost');
    expect(await jobs.saveProviderRef(stolen, runnerA.owner, { predictionId: 'late' })).toBe(false);
    expect(await jobs.saveProviderRef(stolen, runnerB.owner, { predictionId: 'p1' })).toBe(true);
    expect(await jobs.renew(stolen, runnerB)).toBe('held');
  });

  it('hands a job back at once, its provider reference kept and no attempt spent', async () => {
    await drainAll();
    const userId = await newUser();
    const id = await queuedKitchen(userId);
    expect(await take()).toBe(id);
    expect(await jobs.advance(id, 'rendering')).toBe(true);
    expect(await jobs.saveProviderRef(id, runnerA.owner, { predictionId: 'p42' })).toBe(true);
    await jobs.handBack(id, runnerA.owner);

    const again = await jobs.takeNext(runnerB, MAX_ATTEMPTS);
    expect(again).toMatchObject({ attempts: 1, providerRef: { predictionId: 'p42' } });
    expect(again?.job).toMatchObject({ id, state: 'rendering' });
    // A hand-back by a runner that no longer holds the job changes nothing.
    await jobs.handBack(id, runnerA.owner);
    expect(await take()).toBeUndefined();
  });

  it('gives each of dozens of racing runners a different job, never two of one user', async () => {
    await drainAll();
    const users = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    for (const userId of users) for (let n = 0; n < 3; n += 1) await queuedKitchen(userId);

    const runners = Array.from({ length: 30 }, (_, n): Lease => ({ owner: `runner-${n}`, ms: LEASE_MS }));
    const taken = (await Promise.all(runners.map((lease) => jobs.takeNext(lease, MAX_ATTEMPTS)))).filter(
      (record) => record !== undefined,
    );

    expect(taken.length).toBeGreaterThan(0);
    // Each user's one job at most; the ones a lost race turned away find them on their next take.
    expect(new Set(taken.map((record) => record.userId)).size).toBe(taken.length);
    while ((await take()) !== undefined);
    const running = await db.query<{ userId: number }>(
      `SELECT user_id AS "userId" FROM generation_jobs WHERE state = 'preparing'`,
    );
    expect(running.map((row) => row.userId).sort()).toEqual([...users].sort());
  });
});
