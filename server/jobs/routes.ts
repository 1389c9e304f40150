// The generation routes (DESIGN D7): start a job (202 at once), read it, cancel it, list the kitchens made.
// Registered by the jobs room (job-queue.ts) under API_PREFIX, behind the session; the queue's runner does the
// work in the background.

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actionPaths, GENERATIONS_REMAINING_HEADER } from '../../contract/endpoints';
import {
  generateEmptyRoomRequestSchema,
  generateKitchenRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  jobPaths,
} from '../../contract/generation';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import '../http/user-request';
import { resolveConfiguration } from '../generation/configuration';
import { type GenerationProvider, isPaid } from '../generation/provider';
import type { ImageStore } from '../images/image-store';
import type { ReadSurfaceMasks } from '../images/surface-masks';
import { setGenerationsRemaining } from '../quota/header';
import type { Charge, Quota } from '../quota/quota';
import { clientNetwork } from '../security/client-network';
import { createAdmission } from './admission';
import type { JobStore, StoredJobRequest } from './job-store';

/** What the routes tell the queue; each reaches this instance's runner and, through the database, the others. */
export interface JobQueue {
  /** A job was admitted: take it here if the runner is idle, and tell the other instances. */
  queued(): Promise<void>;
  /** A job was ended by its user: whichever runner works on it stops. */
  ended(jobId: string): Promise<void>;
}

import { masksDigest } from '../generation/picture-work/masks-digest';

export interface GenerationRoutesOptions {
  db: Database;
  jobs: JobStore;
  queue: JobQueue;
  images: ImageStore;
  quota: Quota;
  provider: GenerationProvider;
  /** The surfaces visitors marked on their photos (the mask store): a request names what it was made of. */
  readMasks: ReadSurfaceMasks;
}

const HISTORY_LENGTH = 50;
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII only')
  .optional();
const jobIdSchema = z.object({ id: z.uuid() });

const jobNotFound = () => new HttpError(404, 'JOB_NOT_FOUND', 'This generation does not exist.');

/** The job id in the path; a malformed one is as unknown as any other id that is not the caller's. */
function jobIdOf(request: FastifyRequest): string {
  const parsed = jobIdSchema.safeParse(request.params);
  if (!parsed.success) throw jobNotFound();
  return parsed.data.id;
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'INVALID_INPUT',
      `${IDEMPOTENCY_KEY_HEADER}: ${parsed.error.issues[0]?.message}`,
    );
  }
  return parsed.data ?? null;
}

export const generationRoutes: FastifyPluginAsync<GenerationRoutesOptions> = async (app, options) => {
  const { db, jobs, queue, images, quota, provider } = options;
  // Every answer of these routes carries the remaining count (spec §3, §7), errors included. A request refused
  // before its user was known (a cross-site POST) has no count to tell.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader(GENERATIONS_REMAINING_HEADER) && request.userId) {
      // A database that fails here has already failed the request; the answer must still go out.
      const remaining = await quota.remaining(request.userId).catch(() => undefined);
      if (remaining !== undefined) setGenerationsRemaining(reply, remaining);
    }
    return payload;
  });

  async function requireImage(userId: number, imageId: string, field: string): Promise<void> {
    if (!(await images.has(userId, imageId))) {
      throw new HttpError(404, 'IMAGE_NOT_FOUND', `${field}: this image does not exist.`);
    }
  }

  const admit = createAdmission(db, jobs, quota);

  /**
   * "Generate again" offline: the same photo, masks and choices make the same picture, so the one already made
   * answers, uncharged. A paid provider makes a new variation each time (its job's seed) and is charged.
   */
  async function sameOfflineResult(userId: number, stored: StoredJobRequest) {
    if (isPaid(provider)) return undefined;
    const earlier = await jobs.findSucceeded(userId, stored, provider.name);
    const resultId = earlier?.job.resultImageId;
    return resultId && (await images.has(userId, resultId)) ? earlier : undefined;
  }

  /**
   * Offline, a kitchen whose picture the visitor already has (issue 34, point 9): with nothing marked it is the
   * photo as it is; otherwise it is the picture of an earlier kitchen of the same photo, masks, front and
   * worktop (a change of layout or island alone changes only the free sketch).
   */
  async function picturedAlready(userId: number, stored: StoredJobRequest): Promise<boolean> {
    if (isPaid(provider) || stored.kind !== 'kitchen') return false;
    if (!stored.masksDigest) return true;
    const earlier = await jobs.findSamePicture(userId, stored, provider.name);
    const resultId = earlier?.job.resultImageId;
    return Boolean(resultId && (await images.has(userId, resultId)));
  }

  /** What a job costs here: a kitchen, unless offline and already pictured; an empty room only when paid. */
  async function chargeFor(request: FastifyRequest, stored: StoredJobRequest): Promise<Charge | null> {
    const charged =
      stored.kind === 'kitchen' ? !(await picturedAlready(request.userId, stored)) : isPaid(provider);
    // Guests are bounded per network too; accounts (when they exist) per account only.
    return charged ? { network: clientNetwork(request.ip), paid: isPaid(provider) } : null;
  }

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredJobRequest,
    idempotencyKey: string | null,
  ) {
    const job = {
      id: randomUUID(),
      userId: request.userId,
      request: stored,
      provider: provider.name,
      idempotencyKey,
    };
    const admitted = await admit({ job, charge: await chargeFor(request, stored) });
    if (admitted.created) await queue.queued();
    setGenerationsRemaining(reply, admitted.remaining);
    return reply.code(202).send({ job: admitted.job });
  }

  app.post(actionPaths.generateEmptyRoom, async (request, reply) => {
    const { imageId } = parseInput(generateEmptyRoomRequestSchema, request.body);
    const idempotencyKey = idempotencyKeyOf(request);
    await requireImage(request.userId, imageId, 'imageId');
    return start(request, reply, { kind: 'empty_room', imageId }, idempotencyKey);
  });

  app.post(actionPaths.generateKitchen, async (request, reply) => {
    const body = parseInput(generateKitchenRequestSchema, request.body);
    const idempotencyKey = idempotencyKeyOf(request);
    const { userId } = request;
    // Checked here; the runner resolves the stored request again when it runs, perhaps after a deploy.
    const resolution = resolveConfiguration(body);
    if (!resolution.ok) throw new HttpError(400, 'UNKNOWN_CHOICE', resolution.problem);
    await requireImage(userId, body.imageId, 'imageId');
    if (body.emptyRoomId) await requireImage(userId, body.emptyRoomId, 'emptyRoomId');
    const masks = await options.readMasks(userId, body.imageId);
    const stored: StoredJobRequest = { kind: 'kitchen', ...body, masksDigest: masks && masksDigest(masks) };
    // A repeated Idempotency-Key is the same request sent again, answered by its own job (in `start`).
    const repeated = idempotencyKey !== null && (await jobs.findByKey(userId, 'kitchen', idempotencyKey));
    const same = repeated ? undefined : await sameOfflineResult(userId, stored);
    if (same) {
      setGenerationsRemaining(reply, await quota.remaining(userId));
      return reply.code(200).send({ job: same.job });
    }
    return start(request, reply, stored, idempotencyKey);
  });

  app.get(jobPaths.job, async (request) => {
    const id = jobIdOf(request);
    const record = await jobs.find(request.userId, id);
    if (!record) throw jobNotFound();
    return { job: record.job };
  });

  app.post(jobPaths.cancel, async (request, reply) => {
    const id = jobIdOf(request);
    const { userId } = request;
    const ended = await jobs.end(id, 'cancelled', null, userId);
    if (ended) {
      await queue.ended(id);
      if (ended.claimId !== null) {
        setGenerationsRemaining(
          reply,
          await quota.refund({ id: ended.claimId, userId, idempotencyKey: null }),
        );
      }
      return { job: ended.job };
    }
    // Unknown, someone else's, or already ended (then it stays as it ended).
    const record = await jobs.find(userId, id);
    if (!record) throw jobNotFound();
    return { job: record.job };
  });

  // The sketch drawn when the job succeeded (job-runner.ts): a read, never a drawing.
  app.get(jobPaths.layoutSketch, async (request, reply) => {
    const record = await jobs.find(request.userId, jobIdOf(request));
    if (!record?.job.layoutSketchUrl || !record.layoutSketchId) throw jobNotFound();
    const etag = `"${record.layoutSketchId}"`;
    // Asked again each time (no-cache), answered 304 while it is kept: after "delete my data" or its expiry the
    // browser must not keep showing it, and a revalidation costs an indexed read.
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    const sketch = await images.get(record.userId, record.layoutSketchId);
    if (!sketch)
      throw new HttpError(
        404,
        'IMAGE_NOT_FOUND',
        'The layout sketch of this kitchen is no longer available.',
      );
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.header('content-type', sketch.contentType).send(sketch.bytes);
  });

  app.get(jobPaths.history, async (request) => ({
    jobs: await jobs.list(request.userId, 'kitchen', HISTORY_LENGTH),
  }));
};
