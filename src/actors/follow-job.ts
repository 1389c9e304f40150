// Starts a generation job and follows it to its end (DESIGN D7), telling the machine each new stage. Polling
// rather than server-sent events: one plain GET every 700 ms works through every proxy, and each GET keeps the
// usual 20 s timeout. When the machine cancels (the actor's signal aborts), the job is cancelled on the server.
// The Idempotency-Key belongs to the generation (src/api/generation-keys.ts): it is forgotten once the
// generation is over, and kept while a job may exist that the app has not heard of or has lost sight of.
import { type GenerationJob, JOB_STAGES, type JobState } from '../../contract/generation';
import type { GenerationStage, StageListener } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import {
  cancelGenerationJob,
  type JobAnswer,
  readGenerationJob,
  startGenerationJob,
} from '../api/generation';
import type { GenerationKeys } from '../api/generation-keys';
import { ApiHttpError, RequestFailedError } from '../api/request-errors';
import { GenerationError, generationFailureOf } from './generation-failure';

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
  /** The app's Idempotency-Keys: one per generation, i.e. per path, photo and choices. */
  keys: GenerationKeys;
  /**
   * The photo as the machine knows it (its stored id, or its data URL when the verdict came from the cache):
   * the body's `imageId` is left out of the generation, since a re-upload on retry gives the photo a new id.
   */
  photo: string | null;
}

const generationOf = ({ path, photo, body }: FollowJobOptions) =>
  JSON.stringify([path, photo, { ...body, imageId: undefined }]);

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

/**
 * The server itself refused the start (a 4xx, or any answer with a code), so no job exists. A codeless 5xx
 * may come from a gateway that had passed the request on: then a job may exist, and the key is kept.
 */
const refusedByServer = (error: unknown) =>
  error instanceof ApiHttpError && (error.status < 500 || error.code !== undefined);

/** Starts the job with the generation's key: a retry of the same generation sends the same key. */
const startJob = (
  { api, path, body, signal, keys }: FollowJobOptions,
  generation: string,
): Promise<JobAnswer> => startGenerationJob(api, path, body, keys.keyFor(generation), signal);

export async function followGenerationJob(options: FollowJobOptions): Promise<FinishedJob> {
  const { api, listener, signal, keys, pollIntervalMs = JOB_POLL_INTERVAL_MS } = options;
  const generation = generationOf(options);
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
    ({ job, remainingGenerations: remaining } = await startJob(options, generation));
    for (;;) {
      if (isStage(job.state) && job.state !== reported) {
        reported = job.state;
        listener.send({ type: 'GENERATION.STAGE', stage: job.state });
      }
      if (job.state === 'succeeded') {
        keys.forget(generation);
        return { job, remainingGenerations: remaining };
      }
      if (job.state === 'failed' || job.state === 'cancelled') {
        keys.forget(generation);
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
    // A job the machine stopped is cancelled below; a job lost sight of keeps its key, so a retry finds it.
    if (job ? signal.aborted : refusedByServer(error)) keys.forget(generation);
    if (signal.aborted) throw signal.reason;
    throw generationFailureOf(error, remaining);
  } finally {
    signal.removeEventListener('abort', cancelOnAbort);
  }
}
