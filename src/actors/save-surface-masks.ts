import { MARKED_SURFACES } from '../../contract/surface-masks';
import type { SavedSurfaceMasks, SaveSurfaceMasksInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { deleteSurfaceMasks, type SurfaceMaskFiles, uploadSurfaceMasks } from '../api/surface-masks';
import type { PromiseRun } from './on-demand-actor';

export const NO_STORED_PHOTO = 'Your photo is not stored yet. Choose it again, then mark it.';

/**
 * Stores the marked surfaces with the uploaded photo; nothing marked removes any masks kept before, so the
 * photo is then simply unmarked.
 */
export const saveSurfaceMasks =
  (api: ApiClient): PromiseRun<SavedSurfaceMasks, SaveSurfaceMasksInput> =>
  async ({ input, signal }) => {
    if (input.imageId === null) throw new Error(NO_STORED_PHOTO);
    const files: SurfaceMaskFiles = {};
    for (const surface of MARKED_SURFACES) {
      const mask = input.masks[surface];
      if (mask) files[surface] = mask;
    }
    if (Object.keys(files).length === 0) {
      await deleteSurfaceMasks(api, input.imageId, signal);
      return { surfaces: [] };
    }
    const { surfaces } = await uploadSurfaceMasks(api, input.imageId, files, signal);
    return { surfaces };
  };
