// The photo worker: prepares each photo it is sent, off the main thread, and answers with the result or a
// message for the user.
import { PHOTO_ERRORS, PhotoError } from './photo-errors';
import type { PhotoWorkerReply, PhotoWorkerRequest } from './photo-messages';
import { preparePhoto } from './prepare-photo';

/** The worker's global scope, as far as used (the project's TypeScript lib is the DOM's, not the worker's). */
const scope = self as unknown as {
  postMessage(message: PhotoWorkerReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PhotoWorkerRequest>) => void): void;
};

scope.addEventListener('message', async ({ data: { id, file } }) => {
  try {
    scope.postMessage({ id, ok: true, photo: await preparePhoto(file) });
  } catch (error) {
    const message = error instanceof PhotoError ? error.message : PHOTO_ERRORS.failed;
    scope.postMessage({ id, ok: false, message });
  }
});
