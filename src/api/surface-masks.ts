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
