// The photo's marked surfaces on the server (contract/surface-masks.ts): the masks the marking tool grew,
// uploaded at the stored photo's size, one PNG part per surface; a surface left out is not marked.
import {
  MARKED_SURFACES,
  type MarkedSurface,
  SURFACE_MASKS_PATH,
  type SurfaceMasksResponse,
  surfaceMasksResponseSchema,
} from '../../contract/surface-masks';
import type { ApiClient } from './client';
import { parseResponse } from './parse-response';
import { ApiHttpError } from './request-errors';

export type SurfaceMaskFiles = Partial<Record<MarkedSurface, Blob>>;

const masksPath = (imageId: string) => SURFACE_MASKS_PATH.replace(':id', encodeURIComponent(imageId));

/** `PUT /images/{id}/masks`: replaces the photo's masks with these. */
export async function uploadSurfaceMasks(
  api: ApiClient,
  imageId: string,
  masks: SurfaceMaskFiles,
  signal?: AbortSignal,
): Promise<SurfaceMasksResponse> {
  const form = new FormData();
  for (const surface of MARKED_SURFACES) {
    const mask = masks[surface];
    if (mask) form.append(surface, mask, `${surface}.png`);
  }
  const body = await api.request(masksPath(imageId), { method: 'PUT', body: form, signal });
  return parseResponse('the marked surfaces', surfaceMasksResponseSchema, body);
}

/** `DELETE /images/{id}/masks`: the photo is marked no more (the visitor skipped or cleared marking). */
export async function deleteSurfaceMasks(
  api: ApiClient,
  imageId: string,
  signal?: AbortSignal,
): Promise<void> {
  await api.request(masksPath(imageId), { method: 'DELETE', signal });
}

/**
 * `GET /images/{id}/masks/{surface}`: one marked surface's mask as a grey PNG (the live preview opens the photo
 * with them, issue 33); null when that surface is not marked (404).
 */
export async function downloadSurfaceMask(
  api: ApiClient,
  imageId: string,
  surface: MarkedSurface,
  signal?: AbortSignal,
): Promise<Blob | null> {
  try {
    const path = `${masksPath(imageId)}/${surface}`;
    const body = await api.request(path, { headers: { Accept: 'image/png' }, signal });
    if (!(body instanceof Blob)) throw new Error(`The ${surface} mask was not a picture.`);
    return body;
  } catch (error) {
    if (error instanceof ApiHttpError && error.status === 404) return null;
    throw error;
  }
}
