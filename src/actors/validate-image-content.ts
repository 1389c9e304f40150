import { fromPromise } from 'xstate';
import type { ImageVerdict, ValidateImageInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { validateImageContent } from '../api/images';

export const MISSING_PHOTO_MESSAGE = 'There is no photo to check. Please choose your kitchen photo again.';

/** Uploads the prepared photo for moderation; a 4xx rejects with the server's own message. */
export const validateImageContentActor = (api: ApiClient) =>
  fromPromise<ImageVerdict, ValidateImageInput>(async ({ input, signal }) => {
    if (input.dataUrl === null) throw new Error(MISSING_PHOTO_MESSAGE);
    const { isSafe, imageId } = await validateImageContent(api, input.dataUrl, signal);
    return { isSafe, imageId };
  });
