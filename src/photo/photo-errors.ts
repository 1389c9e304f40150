/** Errors the photo preparation reports to the user, worded for them. */
export const PHOTO_ERRORS = {
  notAnImage: 'This file is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.',
  broken: 'This photo could not be opened; it may be damaged or incomplete. Please choose another one.',
  missing: 'The photo is no longer available. Please choose it again.',
  failed: 'The photo could not be prepared. Please try again or choose another one.',
} as const;

export class PhotoError extends Error {
  override readonly name = 'PhotoError';
}
