import { fromPromise } from 'xstate';
import type { PreparedPhoto, PreparePhotoInput } from '../../machines/kitchen/actors';
import { PHOTO_ERRORS, PhotoError } from '../photo/photo-errors';
import type { PreparePhotoFile } from '../photo/photo-preparer';

/**
 * Prepares the chosen photo in the worker. The machine holds the browser's File (it fits `PhotoFile`); after a
 * reload only its description survives, which cannot be read again.
 */
export const preparePhotoActor = (prepare: PreparePhotoFile) =>
  fromPromise<PreparedPhoto, PreparePhotoInput>(({ input, signal }) => {
    const { file } = input;
    if (!(file instanceof Blob)) return Promise.reject(new PhotoError(PHOTO_ERRORS.missing));
    return prepare(file, signal);
  });
