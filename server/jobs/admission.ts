// Starting a generation job, all or nothing: in ONE transaction, under a lock on the user's row, the replay
// check, the limit on unfinished jobs, the quota claim (user, network, budget) and the job insert. Concurrent
// requests of one user therefore run one after another, on any instance: they can neither overspend nor
// exceed the unfinished limit, and a refusal leaves nothing behind.
import type { GenerationJob } from '../../contract/generation';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { type Charge, type Quota, QuotaRefused, type Refusal } from '../quota/quota';
import { secondsUntilNextUtcDay } from '../quota/utc-day';
import type { JobStore, NewJob } from './job-store';

/** A user may have this many jobs queued or running at once. */
export const MAX_UNFINISHED_JOBS_PER_USER = 3;

export interface Admission {
  job: Omit<NewJob, 'claimId'>;
  /** What the job costs; null when it is free (an empty room from the `local` provider). */
  charge: Charge | null;
}

export interface Admitted {
  job: GenerationJob;
  /** False for a replayed Idempotency-Key: the first request's job, charged nothing now. */
  created: boolean;
  remaining: number;
}

const REFUSALS: Record<Refusal, () => HttpError> = {
  user: () => new HttpError(429, 'GENERATION_LIMIT_REACHED', 'You have used all your generations.'),
  network: () =>
    new HttpError(
      429,
      'NETWORK_LIMIT_REACHED',
      'Too many generations have been made from your network today; please try again tomorrow.',
      secondsUntilNextUtcDay(),
    ),
  budget: () =>
    new HttpError(
      503,
      'DAILY_BUDGET_REACHED',
      'We have made as many pictures as we can afford today; please try again tomorrow. You were not charged.',
      secondsUntilNextUtcDay(),
    ),
};

export function createAdmission(db: Database, jobs: JobStore, quota: Quota) {
  return (admission: Admission): Promise<Admitted> =>
    db
      .transaction(async (tx): Promise<Admitted> => {
        const { job, charge } = admission;
        const remaining = await quota.lockUser(tx, job.userId);
        if (job.idempotencyKey !== null) {
          const earlier = await jobs.findByKey(job.userId, job.request.kind, job.idempotencyKey, tx);
          if (earlier) return { job: earlier.job, created: false, remaining };
        }
        if ((await jobs.countUnfinished(job.userId, tx)) >= MAX_UNFINISHED_JOBS_PER_USER) {
          throw new HttpError(
            429,
            'TOO_MANY_JOBS',
            'You already have generations in progress. Please wait for them to finish.',
          );
        }
        const claimed = charge ? await quota.chargeWithin(tx, job.userId, charge) : null;
        const { record, created } = await jobs.create({ ...job, claimId: claimed?.claim.id ?? null }, tx);
        return { job: record.job, created, remaining: claimed?.remaining ?? remaining };
      })
      .catch((error: unknown) => {
        throw error instanceof QuotaRefused ? REFUSALS[error.refusal]() : error;
      });
}
