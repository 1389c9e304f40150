// The page's side of the photo worker: one worker, started on the first photo and kept for the next ones.
// The main thread only posts the File (a handle, not a copy) and receives the prepared data URL.
import type { PreparedPhoto } from '../../machines/kitchen/actors';
import { workerRequests } from '../workers/worker-requests';
import { PHOTO_ERRORS, PhotoError } from './photo-errors';
import type { PhotoWorkerReply, PhotoWorkerRequest } from './photo-messages';

export type PreparePhotoFile = (file: Blob, signal?: AbortSignal) => Promise<PreparedPhoto>;

const startPhotoWorker = () => new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' });

export function createPhotoPreparer(startWorker: () => Worker = startPhotoWorker): PreparePhotoFile {
  const requests = workerRequests<Omit<PhotoWorkerRequest, 'id'>, PhotoWorkerReply>(startWorker, {
    refusal: (reply) => (reply.ok ? undefined : new PhotoError(reply.message)),
    // The worker script failed to load or crashed: every waiting photo fails, and the next one starts afresh.
    crashed: () => new PhotoError(PHOTO_ERRORS.failed),
  });
  return async (file, signal) => {
    const reply = await requests.send({ file }, signal);
    if (!reply.ok) throw new PhotoError(reply.message);
    return reply.photo;
  };
}
