// The page's side of the photo worker: one worker, started on the first photo and kept for the next ones.
// The main thread only posts the File (a handle, not a copy) and receives the prepared data URL.
import type { PreparedPhoto } from '../../machines/kitchen/actors';
import { PHOTO_ERRORS, PhotoError } from './photo-errors';
import type { PhotoWorkerReply, PhotoWorkerRequest } from './photo-messages';

export type PreparePhotoFile = (file: Blob, signal?: AbortSignal) => Promise<PreparedPhoto>;

interface Pending {
  resolve: (photo: PreparedPhoto) => void;
  reject: (error: unknown) => void;
}

const startPhotoWorker = () => new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' });

export function createPhotoPreparer(startWorker: () => Worker = startPhotoWorker): PreparePhotoFile {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const settle = ({ data }: MessageEvent<PhotoWorkerReply>) => {
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (!request) return;
    if (data.ok) request.resolve(data.photo);
    else request.reject(new PhotoError(data.message));
  };
  // The worker script failed to load or crashed: every waiting photo fails, and the next one starts afresh.
  const fail = () => {
    worker?.terminate();
    worker = undefined;
    for (const request of pending.values()) request.reject(new PhotoError(PHOTO_ERRORS.failed));
    pending.clear();
  };
  const ensureWorker = () => {
    if (!worker) {
      worker = startWorker();
      worker.addEventListener('message', settle);
      worker.addEventListener('error', fail);
    }
    return worker;
  };

  return (file, signal) =>
    new Promise<PreparedPhoto>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      signal?.addEventListener(
        'abort',
        () => {
          // The worker finishes the photo regardless; its answer is simply dropped.
          pending.delete(id);
          reject(signal.reason);
        },
        { once: true },
      );
      const request: PhotoWorkerRequest = { id, file };
      ensureWorker().postMessage(request);
    });
}
