// The page's side of the marking worker. The main thread only posts marks and draws the overlay it gets back.
// While one growth is running, only the newest marks wait: a swipe that lands during a growth replaces the one
// queued before it, so the overlay always catches up with the last thing the visitor did.
import type { SurfaceMaskFiles } from '../api/surface-masks';
import { workerRequests } from '../workers/worker-requests';
import type { Mark } from './brushes';
import type { FoundObject } from './keep-seeds';
import type { MarkedOverlay, MarkingReply, MarkingRequest } from './marking-messages';

export interface MarkingClient {
  /** Opens a photo for marking; answers the working size and the photo's own. */
  open(photo: Blob, objects?: readonly FoundObject[]): Promise<OpenedPhoto>;
  /** The overlay for these marks, or undefined when newer marks replaced them before they ran. */
  mark(marks: readonly Mark[], options?: MarkOptions): Promise<MarkedOverlay | undefined>;
  /** The last marking's masks as PNGs at the stored photo's size. */
  masks(width: number, height: number): Promise<SurfaceMaskFiles>;
  /** Stops the worker; later calls start a fresh one. */
  close(): void;
}

type Request = MarkingRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface OpenedPhoto {
  readonly width: number;
  readonly height: number;
  readonly photoWidth: number;
  readonly photoHeight: number;
}

export interface MarkOptions {
  /** Find and stripe the areas that look like the last mark's surface (default true). */
  readonly offerLookAlikes?: boolean;
  /** The caller's number for this list of marks, echoed with its overlay (default 0). */
  readonly version?: number;
}

const startMarkingWorker = () =>
  new Worker(new URL('./marking-worker.ts', import.meta.url), { type: 'module' });

export const WORKER_FAILED = 'Marking stopped working. Try again, or skip marking.';

export function createMarkingClient(startWorker: () => Worker = startMarkingWorker): MarkingClient {
  const requests = workerRequests<Request, MarkingReply>(startWorker, {
    refusal: (reply) => (reply.type === 'failed' ? new Error(reply.message) : undefined),
    crashed: () => new Error(WORKER_FAILED),
  });
  const send = (request: Request) => requests.send(request);
  let growing = false;
  /** Waiting for the growths under way and queued to finish (the masks must be the last marks'). */
  let whenSettled: (() => void)[] = [];
  let queued:
    | { marks: readonly Mark[]; options: MarkOptions; resolve: (overlay: MarkedOverlay | undefined) => void }
    | undefined;

  const grow = async (marks: readonly Mark[], options: MarkOptions): Promise<MarkedOverlay | undefined> => {
    growing = true;
    try {
      const reply = await send({
        type: 'mark',
        marks,
        offerLookAlikes: options.offerLookAlikes ?? true,
        version: options.version ?? 0,
      });
      return reply.type === 'marked' ? reply : undefined;
    } finally {
      growing = false;
      const next = queued;
      queued = undefined;
      if (next) grow(next.marks, next.options).then(next.resolve, () => next.resolve(undefined));
      else {
        for (const settle of whenSettled) settle();
        whenSettled = [];
      }
    }
  };

  return {
    async open(photo, objects = []) {
      const reply = await send({ type: 'open', photo, objects });
      if (reply.type !== 'opened') throw new Error(WORKER_FAILED);
      const { width, height, photoWidth, photoHeight } = reply;
      return { width, height, photoWidth, photoHeight };
    },
    mark(marks, options = {}) {
      if (!growing) return grow(marks, options);
      queued?.resolve(undefined);
      return new Promise((resolve) => {
        queued = { marks, options, resolve };
      });
    },
    async masks(width, height) {
      if (growing) await new Promise<void>((resolve) => whenSettled.push(resolve));
      const reply = await send({ type: 'masks', width, height });
      if (reply.type !== 'masks') throw new Error(WORKER_FAILED);
      return reply.masks;
    },
    close() {
      queued?.resolve(undefined);
      queued = undefined;
      requests.close();
    },
  };
}
