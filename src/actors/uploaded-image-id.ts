import type { ApiClient } from '../api/client';
import { validateImageContent } from '../api/images';
import { MISSING_PHOTO_MESSAGE } from '../photo-preparation/photo-errors';
import { generationFailureOf } from './generation-failure';

/**
 * The server's id for the photo. A verdict that came from the moderation cache has no id (nothing was
 * uploaded in this visit), so the photo is uploaded first; the server moderates it again on the way.
 */
export async function uploadedImageId(
  api: ApiClient,
  imageId: string | null,
  imageDataUrl: string | null,
  signal: AbortSignal,
): Promise<string> {
  if (imageId !== null) return imageId;
  if (imageDataUrl === null) throw new Error(MISSING_PHOTO_MESSAGE);
  // A refused upload (a busy image service, a full store) is a refusal of the generation too.
  const verdict = await validateImageContent(api, imageDataUrl, signal).catch((error: unknown) => {
    throw generationFailureOf(error, null);
  });
  if (!verdict.isSafe)
    throw new Error('This photo cannot be used. Please choose another photo of your kitchen.');
  return verdict.imageId;
}
