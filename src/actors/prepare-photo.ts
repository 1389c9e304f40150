// Loaded on demand, with the photo errors it words, when the first photo is chosen (src/actors/kitchen-actors.ts).
import type { PreparedPhoto, PreparePhotoInput } from '../../machines/kitchen/actors';
import { PHOTO_ERRORS, PhotoError } from '../photo-preparation/photo-errors';
import type { PreparePhotoFile } from '../photo-preparation/photo-preparer';
import type { PromiseRun } from './on-demand-actor';

/**
 * Prepares the chosen photo in the worker. The machine holds the browser's File (it fits `PhotoFile`); after a
 * reload only its description survives, which cannot be read again.
 */
export const preparePhotoWith =
  (prepare: PreparePhotoFile): PromiseRun<PreparedPhoto, PreparePhotoInput> =>
  ({ input, signal }) => {
    const { file } = input;
    if (!(file instanceof Blob)) return Promise.reject(new PhotoError(PHOTO_ERRORS.missing));
    return prepare(file, signal);
  };
