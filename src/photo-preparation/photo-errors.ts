import { ACCEPTED_PHOTO_FORMATS } from '../../contract/file-signature';

/** Errors the photo preparation reports to the user, worded for them. */
export const PHOTO_ERRORS = {
  notAnImage: `This file is not a photo we can read. Please choose a ${ACCEPTED_PHOTO_FORMATS} image.`,
  broken: 'This photo could not be opened; it may be damaged or incomplete. Please choose another one.',
  missing: 'The photo is no longer available. Please choose it again.',
  failed: 'The photo could not be prepared. Please try again or choose another one.',
} as const;

/** The upload check or a generation was asked to send a photo the wizard no longer holds. */
export const MISSING_PHOTO_MESSAGE = 'There is no photo to check. Please choose your kitchen photo again.';

export class PhotoError extends Error {
  override readonly name = 'PhotoError';
}
