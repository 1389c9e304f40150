// The photo routes: validate (normalise, moderate, keep) and read back. Registered by the core under API_PREFIX;
// multipart parsing is registered here, so it exists for these routes only.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { actionPaths } from '../../contract/endpoints';
import { imageLimits } from '../../contract/image-limits';
import { IMAGE_PATH, type ValidateImageResponse } from '../../contract/images';
import { createModerationLine } from '../moderation/moderation-line';
import type { Moderator } from '../moderation/moderator';
import '../http/user-request';
import { ImageRejectedError } from './image-rejection';
import type { ImageStore } from './image-store';
import type { ImageIntake } from './intake-work';
import { readUploadedPhoto, uploadLimits } from './read-upload';

export interface ImageRoutesOptions {
  store: ImageStore;
  moderator: Moderator;
  /** Decodes the uploads, off the server's thread (the picture threads, intake-work.ts); the pixel room closes them. */
  pool: ImageIntake;
  /** A photo whose own scoring takes longer is answered 503 and the moderator restarted. */
  moderationTimeoutMs?: number;
  /** Uploads that may be between their place in the moderation line and their verdict (decoding or in line). */
  moderationCapacity?: number;
  /** Largest accepted upload; defaults to `imageLimits.maxBytes` (15 MB). */
  maxUploadBytes?: number;
}

/** Generous: the nsfw model scores in about a tenth of a second, but its first load takes seconds. */
export const MODERATION_TIMEOUT_MS = 20_000;
/** The image pool's default threads and queue (`IMAGE_QUEUE_MAX`); the server passes its own. */
const MODERATION_CAPACITY = 9;

// Stored images never change (a new upload gets a new id), but they can be deleted, on another device too: the
// browser keeps them privately and asks each time (answered 304 by the id alone), so a deleted one is gone on
// reload everywhere (issue 24).
const PRIVATE_REVALIDATED = 'private, no-cache';
const etagOf = (id: string) => `"${id}"`;

export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, options) => {
  const { store, pool } = options;
  const moderation = createModerationLine(options.moderator, {
    timeoutMs: options.moderationTimeoutMs ?? MODERATION_TIMEOUT_MS,
    capacity: options.moderationCapacity ?? MODERATION_CAPACITY,
  });
  const maxBytes = options.maxUploadBytes ?? imageLimits.maxBytes;
  const limits = { ...imageLimits, maxBytes };

  await app.register(multipart, { limits: uploadLimits(maxBytes), throwFileSizeLimit: true });

  app.post(actionPaths.validateImageContent, async (request): Promise<ValidateImageResponse> => {
    const upload = await readUploadedPhoto(request, maxBytes);
    // A place in the moderation line before decoding: a photo that could not be checked is not decoded.
    const place = moderation.enter();
    let image: Awaited<ReturnType<typeof pool.normalise>>;
    try {
      image = await pool.normalise(upload, limits);
    } catch (error) {
      place.leave();
      throw error;
    }
    const verdict = await place.classify(image);
    const { width, height } = image;
    const { kitchenCheck } = verdict;
    request.log.info({ scores: verdict.scores, isSafe: verdict.isSafe, kitchenCheck }, 'image moderated');
    // An unsafe photo is a verdict, not an error; it is not kept.
    if (!verdict.isSafe) return { isSafe: false, imageId: null, width, height };
    const imageId = await store.put(request.userId, image.bytes, {
      contentType: image.contentType,
      width,
      height,
      kind: 'upload',
    });
    return { isSafe: true, imageId, width, height, ...(kitchenCheck ? { kitchenCheck } : {}) };
  });

  app.get<{ Params: { id: string } }>(IMAGE_PATH, async (request, reply) => {
    const { id } = request.params;
    const notFound = () => new ImageRejectedError('IMAGE_NOT_FOUND', 'This image does not exist.');
    reply.header('Cache-Control', PRIVATE_REVALIDATED).header('ETag', etagOf(id));
    if (request.headers['if-none-match'] === etagOf(id)) {
      if (!(await store.has(request.userId, id))) throw notFound();
      return reply.code(304).send();
    }
    const image = await store.open(request.userId, id);
    if (!image) throw notFound();
    // nosniff, which keeps the browser to the stored type, comes with every response (security/headers.ts).
    return reply.type(image.contentType).header('Content-Length', image.byteSize).send(image.stream);
  });
};
