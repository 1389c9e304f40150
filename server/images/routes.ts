// The photo routes: validate (normalise, moderate, keep) and read back. Registered by the core under API_PREFIX;
// multipart parsing is registered here, so it exists for these routes only.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { actionPaths } from '../../contract/endpoints';
import { imageLimits } from '../../contract/image-limits';
import { IMAGE_PATH, type ValidateImageResponse } from '../../contract/images';
import type { Moderator } from '../moderation/moderator';
import { withTimeLimit } from '../moderation/time-limit';
import '../http/user-request';
import type { ImagePool } from './image-pool';
import { ImageRejectedError } from './image-rejection';
import type { ImageStore } from './image-store';
import { readUploadedPhoto, uploadLimits } from './read-upload';

export interface ImageRoutesOptions {
  store: ImageStore;
  moderator: Moderator;
  /** Decodes the uploads, off the server's thread (image-pool.ts); its owner closes it. */
  pool: ImagePool;
  /** A moderation that takes longer is answered 503 and the moderator restarted. */
  moderationTimeoutMs?: number;
  /** Largest accepted upload; defaults to `imageLimits.maxBytes` (15 MB). */
  maxUploadBytes?: number;
}

/** Generous: the nsfw model scores in about a tenth of a second, but its first load takes seconds. */
export const MODERATION_TIMEOUT_MS = 20_000;

// Stored images never change (a new upload gets a new id), so the browser may keep them for good.
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, options) => {
  const { store, pool } = options;
  const moderator = withTimeLimit(options.moderator, options.moderationTimeoutMs ?? MODERATION_TIMEOUT_MS);
  const maxBytes = options.maxUploadBytes ?? imageLimits.maxBytes;
  const limits = { ...imageLimits, maxBytes };

  await app.register(multipart, { limits: uploadLimits(maxBytes), throwFileSizeLimit: true });

  app.post(actionPaths.validateImageContent, async (request): Promise<ValidateImageResponse> => {
    const upload = await readUploadedPhoto(request, maxBytes);
    const image = await pool.normalise(upload, limits);
    const verdict = await moderator.classify(image);
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
    const image = await store.open(request.userId, request.params.id);
    if (!image) throw new ImageRejectedError('IMAGE_NOT_FOUND', 'This image does not exist.');
    // nosniff, which keeps the browser to the stored type, comes with every response (security/headers.ts).
    return reply
      .type(image.contentType)
      .header('Cache-Control', IMMUTABLE_PRIVATE)
      .header('Content-Length', image.byteSize)
      .send(image.stream);
  });
};
