// Runs queued jobs in this process, one at a time (generation is CPU- or network-bound and the machine is small):
// takes a job from the database, gathers its inputs, calls the provider, checks and stores the picture, and
// records each stage as it really happens. A failed job gives its quota unit back.
import type { FastifyBaseLogger } from 'fastify';
import { kitchenLayoutIdSchema } from '../../contract/layouts';
import { findFrontalPreview, findWorktopPreview } from '../catalogue/catalogue';
import { ImageRejectedError } from '../images/image-rejection';
import type { ImageStore } from '../images/image-store';
import { inspectProviderPicture } from '../images/provider-pictures';
import type { Quota } from '../quota/quota';
import type { JobRecord, JobStore } from './job-store';
import { notChargedMessage } from './messages';
import {
  GenerationFailure,
  type GenerationProvider,
  type ProviderContext,
  type ProviderImage,
} from './provider';

/** Photoreal providers take up to about two minutes; the app stops waiting at five. */
export const GENERATION_TIMEOUT_MS = 3 * 60_000;

export interface JobRunnerOptions {
  jobs: JobStore;
  images: ImageStore;
  quota: Quota;
  provider: GenerationProvider;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

export interface JobRunner {
  /** There may be queued work: take it (no-op while already running, or once stopped). */
  wake(): void;
  /** The job has ended elsewhere (cancelled): stop working on it if this runner is. */
  abandon(jobId: string): void;
  /** Stops taking jobs and aborts the one in hand without recording anything: restart recovery settles it. */
  stop(): Promise<void>;
}

/** Why a job's signal fired, when it was not the time limit. */
class JobEnded extends Error {}

const PICTURE_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * A provider's answer is checked like any untrusted input, off the server's thread and within a pixel cap: it
 * must decode as a picture of a format we serve.
 */
async function checkedPicture(image: ProviderImage): Promise<ProviderImage> {
  const picture = await inspectProviderPicture(image.bytes).catch((error: unknown) => {
    // The refusal's message is written for the user (images/inspect-picture.ts).
    throw error instanceof ImageRejectedError
      ? new GenerationFailure(error.message, { cause: error })
      : error;
  });
  const contentType = PICTURE_FORMATS[picture.format];
  if (!contentType)
    throw new GenerationFailure('The image service sent back a picture in a format we do not use.');
  return { bytes: image.bytes, contentType, width: picture.width, height: picture.height };
}

/**
 * Settles with `work`, or rejects as soon as `signal` fires: a provider that ignores its signal (or never
 * answers) cannot hold the runner past a cancel, a shutdown or the time limit.
 */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { jobs, images, quota, provider, log } = options;
  const timeoutMs = options.timeoutMs ?? GENERATION_TIMEOUT_MS;
  const inHand = new Map<string, AbortController>();
  let loop: Promise<void> | undefined;
  let wanted = false;
  let stopped = false;

  async function photo(userId: number, imageId: string): Promise<ProviderImage> {
    const stored = await images.get(userId, imageId);
    if (!stored) throw new GenerationFailure('Your photo is no longer available. Please upload it again.');
    return stored;
  }

  async function produce({ userId, request }: JobRecord, context: ProviderContext): Promise<ProviderImage> {
    if (request.kind === 'empty_room') {
      const source = await photo(userId, request.imageId);
      context.signal.throwIfAborted();
      return provider.emptyRoom({ photo: source }, context);
    }
    const frontal = findFrontalPreview(request.frontalId);
    const worktop = findWorktopPreview(request.worktopId);
    const layout = kitchenLayoutIdSchema.safeParse(request.shape);
    // The route checked these; a catalogue changed by a deploy in between is the only way here.
    if (!frontal || !worktop || !layout.success) {
      throw new GenerationFailure(
        'Some of your choices are no longer in the catalogue. Please choose again.',
      );
    }
    const [source, emptyRoom] = await Promise.all([
      photo(userId, request.imageId),
      request.emptyRoomId ? photo(userId, request.emptyRoomId) : null,
    ]);
    context.signal.throwIfAborted();
    return provider.kitchen(
      { photo: source, emptyRoom, frontal, worktop, layout: layout.data, hasIsland: request.hasIsland },
      context,
    );
  }

  async function fail(record: JobRecord, error: unknown, timedOut: boolean): Promise<void> {
    const { id, kind } = record.job;
    let reason: string;
    if (timedOut) reason = 'The image service took too long to answer.';
    else if (error instanceof GenerationFailure) reason = error.message;
    else {
      log.error({ err: error, jobId: id, provider: provider.name }, 'generation failed');
      reason =
        kind === 'kitchen'
          ? 'We could not make your kitchen this time.'
          : 'We could not prepare the empty room this time.';
    }
    const ended = await jobs.end(id, 'failed', notChargedMessage(kind, reason));
    if (ended?.claimId != null) {
      await quota.refund({ id: ended.claimId, userId: ended.userId, idempotencyKey: null });
    }
  }

  async function run(record: JobRecord): Promise<void> {
    const { id } = record.job;
    const controller = new AbortController();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([controller.signal, timeout]);
    inHand.set(id, controller);
    const context: ProviderContext = {
      signal,
      async reportStage(stage) {
        if (!(await jobs.advance(id, stage))) controller.abort(new JobEnded());
        signal.throwIfAborted();
      },
    };
    try {
      const picture = await checkedPicture(await abortable(produce(record, context), signal));
      signal.throwIfAborted();
      await context.reportStage('finishing');
      const { bytes, contentType, width, height } = picture;
      const resultId = await images.put(record.userId, bytes, { contentType, width, height });
      // Cancelled while the picture was being stored: nobody will ask for it.
      if (!(await jobs.succeed(id, resultId))) await images.delete(record.userId, resultId);
    } catch (error) {
      // Shutting down: leave the job as it is; the next start fails it and gives its unit back.
      if (stopped || controller.signal.reason instanceof JobEnded) return;
      await fail(record, error, timeout.aborted).catch((writeError: unknown) =>
        log.error({ err: writeError, jobId: id }, 'a failed generation could not be recorded'),
      );
    } finally {
      inHand.delete(id);
    }
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      wanted = false;
      const record = await jobs.takeNext();
      if (record) await run(record);
      else if (!wanted) return;
    }
  }

  const runner: JobRunner = {
    wake() {
      wanted = true;
      if (stopped || loop) return;
      loop = drain()
        .catch((error: unknown) => {
          if (!stopped) log.error({ err: error }, 'the generation runner stopped on an error');
        })
        .finally(() => {
          loop = undefined;
          // A wake that arrived after the last empty take but before this loop ended.
          if (wanted && !stopped) runner.wake();
        });
    },
    abandon(jobId) {
      inHand.get(jobId)?.abort(new JobEnded());
    },
    async stop() {
      stopped = true;
      for (const controller of inHand.values()) controller.abort(new JobEnded());
      await loop;
    },
  };
  return runner;
}
