// Restart recovery: a job that was queued or in progress when its server stopped will never be finished by it.
// It is failed with a message saying so, and its quota unit given back, so nothing is lost or stuck.
import type { Quota } from '../quota/quota';
import type { JobStore } from './job-store';
import { RESTART_MESSAGES } from './messages';

/**
 * With PGlite the database belongs to this one process, so every unfinished job is an orphan. With PostgreSQL
 * other instances may be running jobs right now; only jobs untouched for longer than any provider may take
 * (they are updated at every stage) are orphans.
 */
export const SHARED_DATABASE_STALE_MS = 15 * 60_000;

export async function recoverInterruptedJobs(jobs: JobStore, quota: Quota, staleMs: number): Promise<number> {
  const orphans = await jobs.failUnfinished(staleMs, RESTART_MESSAGES);
  // Also settles refunds that a crash cut off between failing a job and giving its unit back; a refund
  // counts once per claim however often it is attempted.
  for (const claim of await jobs.unrefundedClaims()) {
    await quota.refund({ ...claim, idempotencyKey: null });
  }
  return orphans.length;
}
