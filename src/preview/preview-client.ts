// The page's side of the preview worker (issue 33's live preview, groundwork): open the visitor's photo and marked
// surfaces once, then ask for the photo in each look; the recolour runs in the worker, the page draws the RGBA.
import type { MarkedSurface } from '../../contract/surface-masks';
import type { PartialLook } from '../../recolour/looks';
import { workerRequests } from '../workers/worker-requests';
import type { PreviewReply, PreviewRequest } from './preview-messages';
import { worktopTile } from './preview-tile';

type Request = PreviewRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface PreviewPixels {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray<ArrayBuffer>;
}

export interface PreviewClient {
  /** Opens a photo (a Blob or an ImageBitmap, moved to the worker) and its masks (grey PNGs); answers the working size. */
  open(
    photo: Blob | ImageBitmap,
    masks: Partial<Record<MarkedSurface, Blob>>,
  ): Promise<{ width: number; height: number }>;
  /** The open photo in `look` (a surface left out stays as it is); `signal` drops an answer a newer choice made stale. */
  recolour(look: PartialLook, signal?: AbortSignal): Promise<PreviewPixels>;
  /** Stops the worker; later calls start a fresh one (open the photo again first). */
  close(): void;
}

const startPreviewWorker = () =>
  new Worker(new URL('./preview-worker.ts', import.meta.url), { type: 'module' });

export const PREVIEW_FAILED = 'The preview stopped working.';

export function createPreviewClient(startWorker: () => Worker = startPreviewWorker): PreviewClient {
  const requests = workerRequests<Request, PreviewReply>(startWorker, {
    refusal: (reply) => (reply.type === 'failed' ? new Error(reply.message) : undefined),
    crashed: () => new Error(PREVIEW_FAILED),
  });
  return {
    async open(photo, masks) {
      const reply = await requests.send({ type: 'open', photo, masks });
      if (reply.type !== 'opened') throw new Error(PREVIEW_FAILED);
      return { width: reply.width, height: reply.height };
    },
    async recolour(look, signal) {
      const tile = look.worktop && (await worktopTile(look.worktop));
      const reply = await requests.send({ type: 'recolour', look, tile }, signal);
      if (reply.type !== 'recoloured') throw new Error(PREVIEW_FAILED);
      return { width: reply.width, height: reply.height, rgba: reply.rgba };
    },
    close: () => requests.close(),
  };
}
