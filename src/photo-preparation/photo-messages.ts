import type { PreparedPhoto } from '../../machines/kitchen/actors';

/** What the page asks the photo worker. */
export interface PhotoWorkerRequest {
  id: number;
  file: Blob;
}

/** What the photo worker answers: the prepared photo, or a message for the user. */
export type PhotoWorkerReply =
  | { id: number; ok: true; photo: PreparedPhoto }
  | { id: number; ok: false; message: string };
