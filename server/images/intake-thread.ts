// The body of an intake thread (image-pool.ts starts them, and loads this module in each): decodes untrusted
// images, one at a time, off the server's thread. libheif and libvips run here, so a slow, hostile or crashing decode costs this thread only.
// The job runner's own pool also does the photo result's pixel work here (generation/photo/): a 12 MP recolour
// is about a second of CPU that would otherwise stop the server answering, and a provider's answer is checked
// and cropped here, so a huge one is refused from its header and never decoded in the server (fit-answer.ts).
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { type AnswerFit, fitAnswer } from '../generation/photo/fit-answer';
import { pasteBack } from '../generation/photo/paste-back';
import { type PhotoLook, photoResult } from '../generation/photo/photo-result';
import { type CoverSize, coverJpeg } from './cover-image';
import { ImageRejectedError } from './image-rejection';
import { inspectPicture } from './inspect-picture';
import { type IntakeLimits, normaliseImage } from './normalise-image';
import { type MaskSize, readMask } from './read-mask';
import type { SurfaceMasks } from './surface-masks';

/** What a thread is asked to do with one image. */
export type IntakeTask =
  | { kind: 'normalise'; bytes: Uint8Array; limits: IntakeLimits }
  | { kind: 'inspect'; bytes: Uint8Array; maxPixels: number }
  | { kind: 'cover'; bytes: Uint8Array; size: CoverSize }
  | { kind: 'mask'; bytes: Uint8Array; size: MaskSize }
  | { kind: 'photo-result'; bytes: Uint8Array; masks: SurfaceMasks; look: PhotoLook }
  | { kind: 'fit-answer'; bytes: Uint8Array; fit: AnswerFit }
  | { kind: 'paste-back'; bytes: Uint8Array; picture: Uint8Array; masks: SurfaceMasks };

export type IntakeRequest = IntakeTask & { id: number };

export type IntakeReply =
  | { kind: 'ready' }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'rejected'; code: ImageRejectedError['code']; message: string }
  | { id: number; kind: 'failed'; message: string };

/** Answers a request; pixel buffers are moved to the server's thread, not copied, when they own their memory. */
function answer(port: NonNullable<typeof parentPort>, reply: IntakeReply, bytes?: Uint8Array): void {
  const movable = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  try {
    port.postMessage(reply, movable ? [bytes.buffer as ArrayBuffer] : []);
  } catch {
    // Memory owned by libvips cannot be detached: the structured copy is the fallback.
    port.postMessage(reply);
  }
}

async function handle(port: NonNullable<typeof parentPort>, request: IntakeRequest): Promise<void> {
  const { id } = request;
  try {
    if (request.kind === 'normalise') {
      const result = await normaliseImage(request.bytes, request.limits);
      answer(port, { id, kind: 'done', result }, result.bytes);
    } else if (request.kind === 'mask') {
      const result = await readMask(request.bytes, request.size);
      answer(port, { id, kind: 'done', result }, result.kind === 'mask' ? result.png : undefined);
    } else if (request.kind === 'cover') {
      const result = await coverJpeg(request.bytes, request.size);
      answer(port, { id, kind: 'done', result }, result);
    } else if (request.kind === 'photo-result') {
      const result = await photoResult(request.bytes, request.masks, request.look);
      answer(port, { id, kind: 'done', result }, result.bytes);
    } else if (request.kind === 'fit-answer') {
      const result = await fitAnswer(request.bytes, request.fit);
      answer(port, { id, kind: 'done', result }, result.bytes);
    } else if (request.kind === 'paste-back') {
      const result = await pasteBack(request.bytes, request.picture, request.masks);
      answer(port, { id, kind: 'done', result }, result.bytes);
    } else {
      answer(port, { id, kind: 'done', result: await inspectPicture(request.bytes, request.maxPixels) });
    }
  } catch (error) {
    if (error instanceof ImageRejectedError)
      answer(port, { id, kind: 'rejected', code: error.code, message: error.message });
    else
      answer(port, { id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Serves the pool from inside a thread. */
export function serveIntake(): void {
  const port = parentPort;
  if (!port) return;
  // One image at a time per thread, so libvips' cache only costs memory.
  sharp.cache(false);
  port.on('message', (request: IntakeRequest) => void handle(port, request));
  port.postMessage({ kind: 'ready' } satisfies IntakeReply);
}
