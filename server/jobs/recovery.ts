// The periodic sweep that replaces failing every unfinished job at start. A job whose runner died is not an
// orphan: its lease lapses and any runner takes it again (job-store `takeNext`). What no runner will take is
// settled here: jobs that used up their attempts are failed and refunded, and refunds a crash cut off between
// ending a job and giving its unit back are made. Every write is conditional and a refund counts once per
// claim, so any number of instances may sweep at once.
import type { Quota } from '../quota/quota';
import type { JobStore } from './job-store';
import { EXHAUSTED_MESSAGES } from './messages';

export interface SweepResult {
  /** Jobs failed because their attempts ran out. */
  exhausted: number;
  /** Claims of ended jobs given back by this sweep (or by a concurrent one: a refund counts once). */
  refunded: number;
}

export async function sweepJobs(jobs: JobStore, quota: Quota, maxAttempts: number): Promise<SweepResult> {
  const exhausted = await jobs.failExhausted(maxAttempts, EXHAUSTED_MESSAGES);
  const unrefunded = await jobs.unrefundedClaims();
  for (const claim of unrefunded) await quota.refund({ ...claim, idempotencyKey: null });
  return { exhausted: exhausted.length, refunded: unrefunded.length };
}

/**
 * Runs `sweep` now and every `intervalMs` until the returned stop is called. The timer is unref'd: it never
 * keeps the process alive, and a sweep that fails is only logged (the next one tries again).
 */
export function startSweeps(
  sweep: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  const once = () => void sweep().catch(onError);
  once();
  const timer = setInterval(once, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
