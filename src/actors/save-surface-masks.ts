import { MARKED_SURFACES } from '../../contract/surface-masks';
import type {
  SavedSurfaceMasks,
  SaveSurfaceMasksInput,
  SurfaceMaskUploads,
} from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { deleteSurfaceMasks, type SurfaceMaskFiles, uploadSurfaceMasks } from '../api/surface-masks';
import type { PromiseRun } from './on-demand-actor';
import { uploadedImageId } from './uploaded-image-id';

/**
 * Stores the marked surfaces with the uploaded photo (uploading it first when its verdict came from the
 * moderation cache); nothing marked removes any masks kept before, so the photo is then simply unmarked.
 */
export const saveSurfaceMasks =
  (
    api: ApiClient,
    /** Told the photo and its masks as the save starts: the live preview opens them meanwhile (D105). */
    onSaving: (photo: string, masks: SurfaceMaskUploads) => void = () => {},
  ): PromiseRun<SavedSurfaceMasks, SaveSurfaceMasksInput> =>
  async ({ input, signal }) => {
    const files: SurfaceMaskFiles = {};
    for (const surface of MARKED_SURFACES) {
      const mask = input.masks[surface];
      if (mask) files[surface] = mask;
    }
    const marked = Object.keys(files).length > 0;
    // Before any upload (the photo's own, when its verdict came from the cache): the preview overlaps them all.
    if (marked && input.imageDataUrl) onSaving(input.imageDataUrl, input.masks);
    const imageId = await uploadedImageId(api, input.imageId, input.imageDataUrl, signal);
    if (!marked) {
      await deleteSurfaceMasks(api, imageId, signal);
      return { imageId, surfaces: [] };
    }
    const { surfaces } = await uploadSurfaceMasks(api, imageId, files, signal);
    return { imageId, surfaces, masks: input.masks };
  };
