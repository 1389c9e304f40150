// Start-up recovery on a shared database (docs/api.md): other instances may be running jobs right now, so only
// jobs untouched for longer than SHARED_DATABASE_STALE_MS are failed and refunded. Real PGlite; the stale job's
// age is written into the database, since the limit is far longer than a test may wait.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { runMigrations } from '../../../server/db/migrations';
import { openPglite } from '../../../server/db/pglite';
import { createJobStore, type JobStore } from '../../../server/generation/job-store';
import { RESTART_MESSAGES } from '../../../server/generation/messages';
import { recoverInterruptedJobs, SHARED_DATABASE_STALE_MS } from '../../../server/generation/recovery';
import { createQuota, type Quota } from '../../../server/quota/quota';
import { createUserStore } from '../../../server/users/user-store';
import { storedKitchenRequest } from './stored-job';

const LIMIT = 5;

let db: Database;
let jobs: JobStore;
let quota: Quota;

beforeAll(async () => {
  db = await openPglite();
  await runMigrations(db);
  jobs = createJobStore(db);
  quota = createQuota(db);
}, 60_000);
afterAll(() => db?.close());

/** A kitchen job mid-render, with the quota unit it spent. */
async function renderingKitchen(userId: number): Promise<string> {
  const claimed = await quota.claim(userId);
  if (!claimed.granted) throw new Error('the quota refused a claim');
  const id = randomUUID();
  await jobs.create({
    id,
    userId,
    request: storedKitchenRequest(),
    provider: 'local',
    claimId: claimed.claim.id,
    idempotencyKey: null,
  });
  expect(await jobs.advance(id, 'rendering')).toBe(true);
  return id;
}

/** Makes the job look last touched `ageMs` ago. */
async function age(id: string, ageMs: number): Promise<void> {
  await db.query(
    `UPDATE generation_jobs SET updated_at = clock_timestamp() - $2 * interval '1 millisecond' WHERE id = $1`,
    [id, ageMs],
  );
}

describe('recovery with a stale limit (shared PostgreSQL)', () => {
  it('fails and refunds a job untouched past the limit, and leaves one updated just now alone', async () => {
    const userId = await createUserStore(db, LIMIT).createGuest();
    const [stale, fresh] = [await renderingKitchen(userId), await renderingKitchen(userId)];
    await age(stale, SHARED_DATABASE_STALE_MS + 60_000);
    expect(await quota.remaining(userId)).toBe(LIMIT - 2);

    expect(await recoverInterruptedJobs(jobs, quota, SHARED_DATABASE_STALE_MS)).toBe(1);

    expect((await jobs.find(userId, stale))?.job).toMatchObject({
      state: 'failed',
      error: RESTART_MESSAGES.kitchen,
    });
    expect((await jobs.find(userId, fresh))?.job).toMatchObject({ state: 'rendering', error: null });
    // Only the stale job's unit came back; the running one keeps its claim.
    expect(await quota.remaining(userId)).toBe(LIMIT - 1);
    expect(await jobs.unrefundedClaims()).toEqual([]);
  });
});
