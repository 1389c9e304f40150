// The photo's surface masks (issue 22; contract/surface-masks.ts): replace, describe, read one, delete. Owner-only
// through the store; PUT and DELETE pass the cross-site check and the rate limit as every state-changing route
// does. Each mask is checked and re-encoded in the image pool's threads (read-mask.ts), never on the event loop.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  MARKED_SURFACES,
  type MarkedSurface,
  markedSurfaceSchema,
  SURFACE_MASK_PATH,
  SURFACE_MASKS_PATH,
  type SurfaceMaskErrorCode,
  type SurfaceMasksResponse,
} from '../../contract/surface-masks';
import { HttpError } from '../http/errors';
import '../http/user-request';
import { ImageRejectedError } from './image-rejection';
import type { ImageIntake } from './intake-work';
import type { MaskReading, MaskSize } from './read-mask';
import type { MaskPngs, SurfaceMaskStore } from './store/surface-mask-store';

export interface SurfaceMaskRoutesOptions {
  masks: SurfaceMaskStore;
  pool: ImageIntake;
}

/**
 * Largest mask accepted, per surface. The browser sends one grey channel at the stored photo's size (at most
 * 2048 px a side, so 4.2 MB of pixels before PNG's compression, and a few KB after it for real marks); this leaves
 * room for an RGBA PNG of a marked photo without accepting arbitrary bulk.
 */
export const MAX_MASK_BYTES = 8 * 1024 * 1024;

const maskLimits = {
  fileSize: MAX_MASK_BYTES,
  files: MARKED_SURFACES.length,
  fields: 0,
  parts: MARKED_SURFACES.length,
  fieldNameSize: 100,
  headerPairs: 20,
};

const statusOf: Record<SurfaceMaskErrorCode, number> = {
  MASK_UNKNOWN_SURFACE: 400,
  MASK_SIZE_MISMATCH: 422,
  MASK_UNDECODABLE: 422,
};

const maskError = (code: SurfaceMaskErrorCode, message: string) =>
  new HttpError(statusOf[code], code, message);

const surfaceList = MARKED_SURFACES.join(', ');
const unknownSurface = (name: string) =>
  maskError('MASK_UNKNOWN_SURFACE', `"${name}" is not a surface that can be marked: send ${surfaceList}.`);

const photoNotFound = () => new ImageRejectedError('IMAGE_NOT_FOUND', 'This image does not exist.');

function asMaskUploadError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown } | undefined)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ImageRejectedError(
        'IMAGE_TOO_LARGE',
        `A mask is larger than ${MAX_MASK_BYTES / (1024 * 1024)} MB; send one grey PNG at the photo's size.`,
      );
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ImageRejectedError(
        'UPLOAD_NOT_MULTIPART',
        `Send the masks as multipart/form-data, one PNG per surface (${surfaceList}).`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return maskError(
        'MASK_UNKNOWN_SURFACE',
        `Send at most one mask per surface (${surfaceList}), as files.`,
      );
    default:
      return new ImageRejectedError(
        'UPLOAD_MALFORMED',
        'The upload was incomplete or malformed. Please try again.',
      );
  }
}

/** The body's parts, one PNG per surface, buffered (each at most MAX_MASK_BYTES). */
async function readMaskParts(request: FastifyRequest): Promise<Map<MarkedSurface, Buffer>> {
  const parts = new Map<MarkedSurface, Buffer>();
  try {
    for await (const part of request.parts({ limits: maskLimits })) {
      const surface = markedSurfaceSchema.safeParse(part.fieldname);
      if (!surface.success || part.type !== 'file') throw unknownSurface(part.fieldname);
      if (parts.has(surface.data))
        throw maskError('MASK_UNKNOWN_SURFACE', `The ${surface.data} mask was sent twice; send it once.`);
      const bytes = await part.toBuffer();
      // As for photos (read-upload.ts): busboy may mark a stream truncated only after its last chunk.
      if (part.file.truncated)
        throw Object.assign(new Error('mask too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      parts.set(surface.data, bytes);
    }
  } catch (error) {
    throw asMaskUploadError(error);
  }
  return parts;
}

function checkedMask(surface: MarkedSurface, reading: MaskReading, size: MaskSize): Uint8Array {
  if (reading.kind === 'mask') return reading.png;
  if (reading.kind === 'wrongSize')
    throw maskError(
      'MASK_SIZE_MISMATCH',
      `The ${surface} mask is ${reading.width}x${reading.height} pixels; the photo is ${size.width}x${size.height}.`,
    );
  throw maskError('MASK_UNDECODABLE', `The ${surface} mask is not a PNG that can be read.`);
}

export const surfaceMaskRoutes: FastifyPluginAsync<SurfaceMaskRoutesOptions> = async (
  app,
  { masks, pool },
) => {
  // Its own registration: multipart exists for these routes and the photo routes only, each with its limits.
  await app.register(multipart, { limits: maskLimits, throwFileSizeLimit: true });

  app.put<{ Params: { id: string } }>(SURFACE_MASKS_PATH, async (request): Promise<SurfaceMasksResponse> => {
    const { id } = request.params;
    const photo = await masks.describe(request.userId, id);
    if (!photo) throw photoNotFound();
    const size = { width: photo.width, height: photo.height };
    const checked: MaskPngs = {};
    for (const [surface, bytes] of await readMaskParts(request))
      checked[surface] = checkedMask(surface, await pool.mask(bytes, size), size);
    const replaced = await masks.replace(request.userId, id, checked);
    if (!replaced) throw photoNotFound();
    return replaced;
  });

  app.get<{ Params: { id: string } }>(SURFACE_MASKS_PATH, async (request) => {
    const described = await masks.describe(request.userId, request.params.id);
    if (!described) throw photoNotFound();
    return described;
  });

  app.get<{ Params: { id: string; surface: string } }>(SURFACE_MASK_PATH, async (request, reply) => {
    const surface = markedSurfaceSchema.safeParse(request.params.surface);
    if (!surface.success) throw unknownSurface(request.params.surface);
    const mask = await masks.open(request.userId, request.params.id, surface.data);
    if (!mask)
      throw new ImageRejectedError(
        'IMAGE_NOT_FOUND',
        `This photo has no ${surface.data} mask, or does not exist.`,
      );
    // A PUT replaces masks under the same address: the browser must ask again rather than keep a stale one.
    return reply
      .type(mask.contentType)
      .header('Cache-Control', 'private, no-cache')
      .header('Content-Length', mask.byteSize)
      .send(mask.stream);
  });

  app.delete<{ Params: { id: string } }>(SURFACE_MASKS_PATH, async (request, reply) => {
    if (!(await masks.clear(request.userId, request.params.id))) throw photoNotFound();
    return reply.code(204).send();
  });
};
