import type { ImageVerdict, ValidateImageInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { validateImageContent } from '../api/images';
import { MISSING_PHOTO_MESSAGE } from '../photo-preparation/photo-errors';
import type { PromiseRun } from './on-demand-actor';

/**
 * Uploads the prepared photo for moderation; a 4xx rejects with the server's own message. A safe photo's
 * "is it a kitchen?" check comes along when the server made one.
 */
export const checkImageContent =
  (api: ApiClient): PromiseRun<ImageVerdict, ValidateImageInput> =>
  async ({ input, signal }) => {
    if (input.dataUrl === null) throw new Error(MISSING_PHOTO_MESSAGE);
    const { isSafe, imageId, ...answer } = await validateImageContent(api, input.dataUrl, signal);
    const kitchenCheck = 'kitchenCheck' in answer ? answer.kitchenCheck : undefined;
    return { isSafe, imageId, ...(kitchenCheck ? { kitchenCheck } : {}) };
  };
