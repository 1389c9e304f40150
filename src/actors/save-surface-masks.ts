import { MARKED_SURFACES } from '../../contract/surface-masks';
import type { SavedSurfaceMasks, SaveSurfaceMasksInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { deleteSurfaceMasks, type SurfaceMaskFiles, uploadSurfaceMasks } from '../api/surface-masks';
import type { PromiseRun } from './on-demand-actor';
import { uploadedImageId } from './uploaded-image-id';

/**
 * Stores the marked surfaces with the uploaded photo (uploading it first when its verdict came from the
 * moderation cache); nothing marked removes any masks kept before, so the photo is then simply unmarked.
 */
export const saveSurfaceMasks =
  (api: ApiClient): PromiseRun<SavedSurfaceMasks, SaveSurfaceMasksInput> =>
  async ({ input, signal }) => {
    const imageId = await uploadedImageId(api, input.imageId, input.imageDataUrl, signal);
    const files: SurfaceMaskFiles = {};
    for (const surface of MARKED_SURFACES) {
      const mask = input.masks[surface];
      if (mask) files[surface] = mask;
    }
    if (Object.keys(files).length === 0) {
      await deleteSurfaceMasks(api, imageId, signal);
      return { imageId, surfaces: [] };
    }
    const { surfaces } = await uploadSurfaceMasks(api, imageId, files, signal);
    return { imageId, surfaces };
  };
