import type { ImageVerdict, ValidateImageInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { validateImageContent } from '../api/images';
import { MISSING_PHOTO_MESSAGE } from '../photo/photo-errors';
import type { PromiseRun } from './on-demand-actor';

/** Uploads the prepared photo for moderation; a 4xx rejects with the server's own message. */
export const checkImageContent =
  (api: ApiClient): PromiseRun<ImageVerdict, ValidateImageInput> =>
  async ({ input, signal }) => {
    if (input.dataUrl === null) throw new Error(MISSING_PHOTO_MESSAGE);
    const { isSafe, imageId } = await validateImageContent(api, input.dataUrl, signal);
    return { isSafe, imageId };
  };
