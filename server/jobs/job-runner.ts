// Runs jobs in this process, one at a time (generation is CPU- or network-bound and the machine is small): leases
// a job from the database, gathers its inputs, calls the provider, checks and stores the picture, and records
// each stage as it really happens. The lease is renewed while working; a job that ended elsewhere (cancelled) or
// was taken by another runner stops here at the next renewal at the latest. A failed job gives its quota unit
// back; a job this runner lets go of (shutdown) is handed back for another runner, neither failed nor refunded.

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { GENERATION_JOB_DEFAULTS } from '../config';
import { type ResolvedConfiguration, resolveConfiguration } from '../generation/configuration';
import { PROVIDER_MAX_PIXELS } from '../generation/picture-work/fit-answer';
import { masksDigest } from '../generation/picture-work/masks-digest';
import {
  GenerationFailure,
  type GenerationProvider,
  JobHandedBack,
  type PhotoWork,
  type ProviderContext,
  type ProviderImage,
} from '../generation/provider';
import type { ConceptImage } from '../generation/render/render-concept';
import { ImageRejectedError } from '../images/image-rejection';
import type { ImageStore, StoredImage } from '../images/image-store';
import type { ImageIntake } from '../images/intake-work';
import { StorageLimitReachedError } from '../images/store/storage-limit';
import type { ReadSurfaceMasks } from '../images/surface-masks';
import { ServiceFailure } from '../outbound/service-failure';
import type { Quota } from '../quota/quota';
import type { JobRecord, JobStore, Lease } from './job-store';
import { drawLayoutSketch } from './layout-sketch';
import { MARKING_CHANGED, NO_LONGER_IN_CATALOGUE, notChargedMessage } from './messages';

/** Photoreal providers take up to about two minutes; the app stops waiting at five. */
export const GENERATION_TIMEOUT_MS = 3 * 60_000;
/** Renewals per lease period: two may fail (a slow database) before the lease lapses. */
const RENEWALS_PER_LEASE = 3;

/** Names this process in `lease_owner`, readable by an operator, unique across restarts. */
export const runnerName = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** The runner's picture work, in its own picture thread: a provider's picture inspected, the photo's pixel work. */
export interface RunnerPictures {
  inspect: ImageIntake['inspect'];
  photos: PhotoWork;
}

export interface JobRunnerOptions {
  jobs: JobStore;
  images: ImageStore;
  quota: Quota;
  provider: GenerationProvider;
  log: FastifyBaseLogger;
  /**
   * Where providers' pictures are checked, and the photo's pixel work done (the offline recolour, the
   * paste-back): a pool of its own, so uploads never crowd a paid picture out.
   */
  pictures: RunnerPictures;
  /** The surfaces the visitor marked on a photo, read when its kitchen is made. */
  readMasks: ReadSurfaceMasks;
  timeoutMs?: number;
  /** How long a take holds without renewal: a dead runner's job waits this long before another takes it. */
  leaseMs?: number;
  /** Takes of one job (runner deaths, lost leases) before it fails and its unit comes back. */
  maxAttempts?: number;
  /** This runner's lease owner name; defaults to `runnerName()`. */
  owner?: string;
}

export interface JobRunner {
  /** There may be queued work: take it (no-op while already running, or once stopped). */
  wake(): void;
  /** The job has ended elsewhere (cancelled): stop working on it if this runner is. */
  abandon(jobId: string): void;
  /** Stops taking jobs and hands the one in hand back (its lease cleared) for another runner to take at once. */
  stop(): Promise<void>;
}

/** Why a job's signal fired, when it was not the time limit. */
class JobEnded extends Error {}

const PICTURE_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * A provider's answer is checked like any untrusted input, off the server's thread and within a pixel cap: it
 * must decode as a picture of a format we serve. (A photoreal answer was already checked before its crop, in the
 * same thread: photo/fit-answer.ts; this covers every provider, whatever it did.)
 */
async function checkedPicture(
  pictures: Pick<RunnerPictures, 'inspect'>,
  image: ProviderImage,
): Promise<ProviderImage> {
  const picture = await pictures.inspect(image.bytes, PROVIDER_MAX_PIXELS).catch((error: unknown) => {
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

/** A job's variation: a 31-bit seed from its id, the same on every attempt at it, different for the next job. */
export const variationOf = (jobId: string): number =>
  Number.parseInt(jobId.replaceAll('-', '').slice(0, 8), 16) >>> 1;

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
  const maxAttempts = options.maxAttempts ?? GENERATION_JOB_DEFAULTS.maxAttempts;
  const lease: Lease = {
    owner: options.owner ?? runnerName(),
    ms: options.leaseMs ?? GENERATION_JOB_DEFAULTS.leaseMs,
  };
  const inHand = new Map<string, AbortController>();
  let loop: Promise<void> | undefined;
  let wanted = false;
  let stopped = false;

  // A sign-in (issue 24) may move a running job, its photos and its result's future owner from the guest to the
  // account and delete the guest. Photos are read, and the result stored, under the job's owner at that moment,
  // never the one read when the job was taken.
  const ownerNow = async (record: JobRecord) => (await jobs.ownerOf(record.job.id)) ?? record.userId;

  /** Stores the result under the job's current owner, again under the new one if a sign-in moved it meanwhile. */
  async function putResult(record: JobRecord, picture: ProviderImage & { width: number; height: number }) {
    const { bytes, contentType, width, height } = picture;
    const meta = { contentType, width, height, kind: record.job.kind };
    let ownerId = await ownerNow(record);
    for (;;) {
      try {
        return { ownerId, resultId: await images.put(ownerId, bytes, meta) };
      } catch (error) {
        // The owner was deleted under the insert (its foreign key failed): adopted, or erased.
        const movedTo = await jobs.ownerOf(record.job.id);
        if (movedTo === undefined || movedTo === ownerId) throw error;
        ownerId = movedTo;
      }
    }
  }

  async function photo(record: JobRecord, imageId: string): Promise<StoredImage> {
    const stored = await images.get(await ownerNow(record), imageId);
    if (!stored) throw new GenerationFailure('Your photo is no longer available. Please upload it again.');
    return stored;
  }

  /** The provider's picture, with the stored photo it was made from and, for a kitchen, what it was made as. */
  async function produce(
    record: JobRecord,
    context: ProviderContext,
  ): Promise<{ picture: ProviderImage; source: StoredImage; configuration?: ResolvedConfiguration }> {
    const { request, job } = record;
    if (request.kind === 'empty_room') {
      const source = await photo(record, request.imageId);
      context.signal.throwIfAborted();
      return { picture: await provider.emptyRoom({ photo: source }, context), source };
    }
    // Once a run: the route checked the request, but this run may be on another instance, after a deploy.
    const resolution = resolveConfiguration(request);
    if (!resolution.ok) throw new GenerationFailure(NO_LONGER_IN_CATALOGUE);
    const [source, emptyRoom, masks] = await Promise.all([
      photo(record, request.imageId),
      request.emptyRoomId ? photo(record, request.emptyRoomId) : null,
      // The masks are kept with the photo, so under the same (current) owner.
      ownerNow(record).then((owner) => options.readMasks(owner, request.imageId)),
    ]);
    // A job paints exactly the masks it was asked with (issue 34, point 4): masks changed while it waited would
    // file their picture under the old digest, where "generate again" with the old masks would find it.
    if (request.masksDigest !== undefined && (masks && masksDigest(masks)) !== request.masksDigest) {
      throw new GenerationFailure(MARKING_CHANGED);
    }
    context.signal.throwIfAborted();
    const picture = await provider.kitchen(
      {
        photo: source,
        emptyRoom,
        ...resolution.configuration,
        masks,
        variation: variationOf(job.id),
      },
      context,
    );
    return { picture, source, configuration: resolution.configuration };
  }

  /** Stores a checked result; results count against the visitor's cap like uploads (issue 34, point 2). */
  async function storeResult(record: JobRecord, picture: ProviderImage & { width: number; height: number }) {
    try {
      return await putResult(record, picture);
    } catch (error) {
      // The job fails and its unit comes back; the message is written for the visitor.
      throw error instanceof StorageLimitReachedError
        ? new GenerationFailure(error.message, { cause: error })
        : error;
    }
  }

  /**
   * Stores a kitchen's layout sketch beside its result, under the result's owner; when it cannot be stored (the
   * cap), the result goes too and the job fails, as for a result past the cap.
   */
  async function storeSketch(stored: { ownerId: number; resultId: string }, sketch: ConceptImage) {
    const { bytes, contentType, width, height } = sketch;
    try {
      return await images.put(stored.ownerId, bytes, { contentType, width, height, kind: 'layout_sketch' });
    } catch (error) {
      await images.delete(stored.ownerId, stored.resultId);
      throw error instanceof StorageLimitReachedError
        ? new GenerationFailure(error.message, { cause: error })
        : error;
    }
  }

  async function fail(record: JobRecord, error: unknown, timedOut: boolean): Promise<void> {
    const { id, kind } = record.job;
    // A failure the visitor is told about in words (an outage, a refusal, an unreadable or oversized answer, the
    // time limit) is a warning; anything else is our own error. Either way the operator sees why: the visitor's
    // sentence names no cause. The error carries no key: providers send theirs only in request headers.
    const told = timedOut || error instanceof ServiceFailure;
    log[told ? 'warn' : 'error']({ err: error, jobId: id, provider: provider.name }, 'generation failed');
    let reason: string;
    if (timedOut) reason = 'The image service took too long to answer.';
    else if (error instanceof ServiceFailure) reason = error.message;
    else
      reason =
        kind === 'kitchen'
          ? 'We could not make your kitchen this time.'
          : 'We could not prepare the empty room this time.';
    const ended = await jobs.end(id, 'failed', notChargedMessage(kind, reason));
    if (ended?.claimId != null) {
      await quota.refund({ id: ended.claimId, userId: ended.userId, idempotencyKey: null });
    }
  }

  /** Renews the lease; stops the work when the job ended elsewhere or another runner holds it now. */
  async function keepLease(id: string, controller: AbortController): Promise<void> {
    const renewal = await jobs.renew(id, lease);
    if (renewal === 'ended') controller.abort(new JobEnded());
    else if (renewal === 'lost') controller.abort(new JobHandedBack());
  }

  async function run(record: JobRecord): Promise<void> {
    const { id } = record.job;
    const controller = new AbortController();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([controller.signal, timeout]);
    inHand.set(id, controller);
    const renewals = setInterval(() => {
      keepLease(id, controller).catch((error: unknown) =>
        log.warn({ err: error, jobId: id }, 'a generation lease could not be renewed'),
      );
    }, lease.ms / RENEWALS_PER_LEASE);
    renewals.unref();
    const context: ProviderContext = {
      signal,
      async reportStage(stage) {
        if (!(await jobs.advance(id, stage))) controller.abort(new JobEnded());
        signal.throwIfAborted();
      },
      // A reference saved for another provider (the server was reconfigured) means nothing to this one.
      reference: record.job.provider === provider.name ? record.providerRef : null,
      async saveReference(reference) {
        if (!(await jobs.saveProviderRef(id, lease.owner, reference))) await keepLease(id, controller);
        signal.throwIfAborted();
      },
      photos: options.pictures.photos,
    };
    try {
      const { picture, source, configuration } = await abortable(produce(record, context), signal);
      // An empty room that is the photo byte for byte (offline) is filed as the photo itself: repeating it
      // stores nothing new (issue 34, point 2). A kitchen keeps a result of its own, which shares and
      // deletions treat apart from the photo.
      const unchanged = record.request.kind === 'empty_room' && picture.bytes.equals(source.bytes);
      const checked = unchanged ? undefined : await checkedPicture(options.pictures, picture);
      signal.throwIfAborted();
      await context.reportStage('finishing');
      if (!checked) {
        await jobs.succeed(id, source.id);
        return;
      }
      // Drawn once, here, rather than on each request for it (issue 34, point 5).
      const sketch = configuration && (await drawLayoutSketch(configuration, source.bytes));
      signal.throwIfAborted();
      const stored = await storeResult(record, checked);
      const sketchId = sketch ? await storeSketch(stored, sketch) : null;
      // Cancelled while the picture was being stored: nobody will ask for it.
      if (!(await jobs.succeed(id, stored.resultId, sketchId))) {
        await images.delete(stored.ownerId, stored.resultId);
        if (sketchId) await images.delete(stored.ownerId, sketchId);
      }
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      // Cancelled elsewhere: the cancel recorded and refunded it.
      if (reason instanceof JobEnded) return;
      // Shutdown, or another runner holds the lease now: the job goes on there, uncharged again.
      if (reason instanceof JobHandedBack) {
        await jobs
          .handBack(id, lease.owner)
          .catch((writeError: unknown) =>
            log.warn(
              { err: writeError, jobId: id },
              'a generation could not be handed back; its lease will lapse',
            ),
          );
        return;
      }
      await fail(record, error, timeout.aborted).catch((writeError: unknown) =>
        log.error({ err: writeError, jobId: id }, 'a failed generation could not be recorded'),
      );
    } finally {
      clearInterval(renewals);
      inHand.delete(id);
    }
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      wanted = false;
      const record = await jobs.takeNext(lease, maxAttempts);
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
      for (const controller of inHand.values()) controller.abort(new JobHandedBack());
      await loop;
    },
  };
  return runner;
}
