// The preview worker: the browser's host of the shared recolour (recolour/recolour-photo.ts, the code the server's
// photo result runs). It decodes the photo and its masks once, at most 1200 px long, prepares them once, and
// paints them in each choice off the main thread; the page only draws the RGBA it is sent.
import { MARKED_SURFACES } from '../../contract/surface-masks';
import { type PreparedPhoto, paintPhoto, preparePhoto } from '../../recolour/recolour-photo';
import { fitWithin } from '../photo-preparation/fit-within';
import { PREVIEW_LONG_SIDE, type PreviewReply, type PreviewRequest } from './preview-messages';

/** The worker's global scope, as far as used (the project's TypeScript lib is the DOM's, not the worker's). */
const scope = self as unknown as {
  postMessage(message: PreviewReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PreviewRequest>) => void): void;
};

/** The open photo and marking, prepared once (its light, handles, counter objects and planes): a choice only paints. */
let opened: PreparedPhoto | undefined;

/** A picture drawn at `width` × `height` (smoothed: a mask's edge stays soft), as RGBA. */
async function drawn(
  source: Blob | ImageBitmap,
  width: number,
  height: number,
  options?: ImageBitmapOptions,
): Promise<Uint8ClampedArray> {
  const bitmap = source instanceof Blob ? await createImageBitmap(source, options) : source;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot draw the preview.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  if (source instanceof Blob) bitmap.close();
  return context.getImageData(0, 0, width, height).data;
}

/** The first `keep` channels of each RGBA pixel: a grey mask's one, or a photo's RGB without its alpha. */
function channels(rgba: Uint8ClampedArray, keep: 1 | 3): Uint8Array {
  const out = new Uint8Array((rgba.length / 4) * keep);
  for (let pixel = 0, to = 0; pixel < rgba.length; pixel += 4)
    for (let channel = 0; channel < keep; channel += 1) out[to++] = rgba[pixel + channel] ?? 0;
  return out;
}

async function open({ photo, masks }: Extract<PreviewRequest, { type: 'open' }>) {
  const bitmap = photo instanceof Blob ? await createImageBitmap(photo) : photo;
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, PREVIEW_LONG_SIDE);
    // A mask is a grey level, not a colour: no colour management may touch it.
    const options: ImageBitmapOptions = { colorSpaceConversion: 'none', premultiplyAlpha: 'none' };
    // The masks decoded side by side (the browser's decoders run off this thread), the photo drawn meanwhile.
    const [photoRgba, ...planes] = await Promise.all([
      drawn(bitmap, width, height),
      ...MARKED_SURFACES.map(async (surface) => {
        const mask = masks[surface];
        return [surface, mask && channels(await drawn(mask, width, height, options), 1)] as const;
      }),
    ]);
    const photoPixels = { data: channels(photoRgba, 3), width, height };
    opened = preparePhoto(photoPixels, { width, height, planes: Object.fromEntries(planes) });
    return { width, height };
  } finally {
    bitmap.close();
  }
}

function recolour({ look, tile }: Extract<PreviewRequest, { type: 'recolour' }>) {
  if (!opened) throw new Error('No photo is open for the preview.');
  const { data, width, height } = paintPhoto(opened, look, tile);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    rgba[pixel * 4] = data[pixel * 3] ?? 0;
    rgba[pixel * 4 + 1] = data[pixel * 3 + 1] ?? 0;
    rgba[pixel * 4 + 2] = data[pixel * 3 + 2] ?? 0;
    rgba[pixel * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

async function answer(request: PreviewRequest): Promise<void> {
  const { id } = request;
  if (request.type === 'open') {
    scope.postMessage({ type: 'opened', id, ...(await open(request)) });
    return;
  }
  const recoloured = recolour(request);
  scope.postMessage({ type: 'recoloured', id, ...recoloured }, [recoloured.rgba.buffer]);
}

scope.addEventListener('message', ({ data }) => {
  answer(data).catch((error: unknown) => {
    scope.postMessage({
      type: 'failed',
      id: data.id,
      message: error instanceof Error ? error.message : 'The preview could not be made.',
    });
  });
});
