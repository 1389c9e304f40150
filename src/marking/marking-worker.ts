// The marking worker: holds one photo's marking session, so the superpixels, the growth and the overlay are all
// made off the main thread; the page only draws the overlay bytes it is sent.
import { MARKED_SURFACES, type MarkedSurface } from '../../contract/surface-masks';
import type { FoundObject } from './keep-seeds';
import type { MarkingReply, MarkingRequest } from './marking-messages';
import { MarkingSession, surfaceMask } from './marking-session';
import { coverage, paintOverlay } from './overlay';
import { workingSize } from './working-picture';

const MARKING_ERRORS = {
  open: 'This photo could not be opened for marking. Try choosing it again, or skip marking.',
  notOpen: 'No photo is open for marking.',
} as const;

/** The worker's global scope, as far as used (the project's TypeScript lib is the DOM's, not the worker's). */
const scope = self as unknown as {
  postMessage(message: MarkingReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<MarkingRequest>) => void): void;
};

let session: MarkingSession | undefined;
let lastPixels: Uint8Array | undefined;

async function open(photo: Blob, objects: readonly FoundObject[]) {
  const bitmap = await createImageBitmap(photo);
  try {
    const { width, height } = workingSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error(MARKING_ERRORS.open);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    session = new MarkingSession(context.getImageData(0, 0, width, height), { objects });
    lastPixels = undefined;
    return { width, height, photoWidth: bitmap.width, photoHeight: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** One surface's mask scaled to the stored photo's size (smoothed: its edge is soft), as a PNG. */
async function maskPng(open: MarkingSession, mask: Uint8Array, width: number, height: number): Promise<Blob> {
  const small = new OffscreenCanvas(open.width, open.height);
  const grey = new ImageData(open.width, open.height);
  for (let pixel = 0; pixel < mask.length; pixel++) {
    const value = mask[pixel] ?? 0;
    grey.data.set([value, value, value, 255], pixel * 4);
  }
  small.getContext('2d')?.putImageData(grey, 0, 0);
  const full = new OffscreenCanvas(width, height);
  const context = full.getContext('2d');
  if (!context) throw new Error(MARKING_ERRORS.open);
  context.imageSmoothingQuality = 'high';
  context.drawImage(small, 0, 0, width, height);
  return full.convertToBlob({ type: 'image/png' });
}

async function masks(width: number, height: number): Promise<Partial<Record<MarkedSurface, Blob>>> {
  if (!session) throw new Error(MARKING_ERRORS.notOpen);
  const found: Partial<Record<MarkedSurface, Blob>> = {};
  const pixels = lastPixels;
  if (!pixels) return found;
  const open = session;
  // Both surfaces encode at once: the browser encodes each PNG off this thread, and a 2048 px PNG is the longest
  // wait between "Use this marking" and the first preview (D105).
  await Promise.all(
    MARKED_SURFACES.map(async (surface) => {
      const mask = surfaceMask(pixels, surface);
      if (mask.includes(255)) found[surface] = await maskPng(open, mask, width, height);
    }),
  );
  return found;
}

async function answer(request: MarkingRequest): Promise<void> {
  const { id } = request;
  if (request.type === 'open') {
    scope.postMessage({ type: 'opened', id, ...(await open(request.photo, request.objects)) });
    return;
  }
  if (request.type === 'masks') {
    scope.postMessage({ type: 'masks', id, masks: await masks(request.width, request.height) });
    return;
  }
  if (!session) throw new Error(MARKING_ERRORS.notOpen);
  const marking = session.mark(request.marks);
  lastPixels = marking.pixels;
  const { lookAlikes } = marking;
  const offer = request.offerLookAlikes
    ? { brush: lookAlikes.brush, regions: lookAlikes.regions, areas: lookAlikes.areas }
    : { brush: undefined, regions: [], areas: 0 };
  const rgba = paintOverlay(
    session.width,
    marking.pixels,
    session.superpixels.labels,
    offer,
    session.graph.count,
  );
  scope.postMessage(
    {
      type: 'marked',
      id,
      width: session.width,
      height: session.height,
      rgba,
      offer,
      coverage: coverage(marking.pixels),
      markCount: request.marks.length,
      version: request.version,
    },
    [rgba.buffer],
  );
}

scope.addEventListener('message', ({ data }) => {
  answer(data).catch((error: unknown) => {
    const message = data.type === 'open' || !(error instanceof Error) ? MARKING_ERRORS.open : error.message;
    scope.postMessage({ type: 'failed', id: data.id, message });
  });
});
