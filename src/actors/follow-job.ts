// Starts a generation job and follows it to its end (DESIGN D7), telling the machine each new stage. Polling
// rather than server-sent events: one plain GET every 700 ms works through every proxy, and each GET keeps the
// usual 20 s timeout. When the machine cancels (the actor's signal aborts), the job is cancelled on the server.
import { type GenerationJob, JOB_STAGES, type JobState } from '../../contract/generation';
import type { StageListener } from '../../machines/kitchen/actors';
import type { GenerationStage } from '../../machines/kitchen/context';
import type { ApiClient } from '../api/client';
import {
  cancelGenerationJob,
  randomIdempotencyKey,
  readGenerationJob,
  startGenerationJob,
} from '../api/generation';
import { ApiHttpError, RequestFailedError } from '../api/request-errors';
import { GenerationError } from './generation-failure';

export const JOB_POLL_INTERVAL_MS = 700;
/** Photoreal providers take up to about two minutes; past this the job is treated as lost. */
export const JOB_GIVE_UP_AFTER_MS = 5 * 60_000;
/** A poll that gets no answer is tried again this many times in a row before the job counts as lost. */
const UNANSWERED_POLLS_TOLERATED = 3;

export interface FollowJobOptions {
  api: ApiClient;
  /** The POST path that starts the job. */
  path: string;
  body: object;
  listener: StageListener;
  signal: AbortSignal;
  pollIntervalMs?: number;
}

export interface FinishedJob {
  job: GenerationJob;
  remainingGenerations: number | null;
}

const isStage = (state: JobState): state is GenerationStage =>
  (JOB_STAGES as readonly string[]).includes(state);

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });

const failureOf = (error: unknown, remaining: number | null): GenerationError => {
  if (error instanceof GenerationError) return error;
  const reported = error instanceof ApiHttpError ? error.remainingGenerations : null;
  const message = error instanceof Error ? error.message : 'The generation failed.';
  return new GenerationError(message, reported ?? remaining);
};

export async function followGenerationJob(options: FollowJobOptions): Promise<FinishedJob> {
  const { api, path, body, listener, signal, pollIntervalMs = JOB_POLL_INTERVAL_MS } = options;
  let remaining: number | null = null;
  let job: GenerationJob | undefined;
  let reported: GenerationStage | undefined;
  let unanswered = 0;
  const startedAt = Date.now();

  const cancelOnAbort = () => {
    // Fire and forget: the machine has moved on; a cancel that fails only lets the job finish unseen.
    if (job) cancelGenerationJob(api, job.id).catch(() => {});
  };
  signal.addEventListener('abort', cancelOnAbort, { once: true });

  try {
    ({ job, remainingGenerations: remaining } = await startGenerationJob(
      api,
      path,
      body,
      randomIdempotencyKey(),
      signal,
    ));
    for (;;) {
      if (isStage(job.state) && job.state !== reported) {
        reported = job.state;
        listener.send({ type: 'GENERATION.STAGE', stage: job.state });
      }
      if (job.state === 'succeeded') return { job, remainingGenerations: remaining };
      if (job.state === 'failed' || job.state === 'cancelled') {
        throw new GenerationError(job.error ?? 'The generation did not finish. Please try again.', remaining);
      }
      if (Date.now() - startedAt > JOB_GIVE_UP_AFTER_MS) {
        throw new GenerationError('The generation is taking too long. Please try again later.', remaining);
      }
      await wait(pollIntervalMs, signal);
      try {
        const answer = await readGenerationJob(api, job.id, signal);
        job = answer.job;
        remaining = answer.remainingGenerations ?? remaining;
        unanswered = 0;
      } catch (error) {
        const transient = error instanceof RequestFailedError && !signal.aborted;
        if (!transient || ++unanswered > UNANSWERED_POLLS_TOLERATED) throw error;
      }
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw failureOf(error, remaining);
  } finally {
    signal.removeEventListener('abort', cancelOnAbort);
  }
}
