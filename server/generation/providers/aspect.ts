// Keeping the photo's shape through providers that draw only a few fixed sizes: the photo is padded to the
// nearest supported size (its edges mirrored, so the model sees no frame to redraw) and the answer is cropped
// back to where the photo was. For providers that choose their own size, the answer is trimmed to the photo's
// aspect ratio.
import sharp, { type Sharp } from 'sharp';
import { GenerationFailure, type ProviderImage } from '../provider';
import { PROVIDER_MESSAGES } from './messages';

export interface Size {
  width: number;
  height: number;
}

/** Where the photo sits inside a padded canvas of a supported size. */
export interface Placement {
  canvas: Size;
  left: number;
  top: number;
  width: number;
  height: number;
}

const aspectDistance = (a: Size, b: Size) => Math.abs(Math.log(a.width / a.height / (b.width / b.height)));

export function nearestSize(photo: Size, sizes: readonly Size[]): Size {
  const [first, ...rest] = sizes;
  if (!first) throw new Error('no sizes to choose from');
  return rest.reduce(
    (best, size) => (aspectDistance(photo, size) < aspectDistance(photo, best) ? size : best),
    first,
  );
}

export function placementFor(photo: Size, canvas: Size): Placement {
  const scale = Math.min(canvas.width / photo.width, canvas.height / photo.height);
  const width = Math.min(canvas.width, Math.round(photo.width * scale));
  const height = Math.min(canvas.height, Math.round(photo.height * scale));
  const left = Math.floor((canvas.width - width) / 2);
  const top = Math.floor((canvas.height - height) / 2);
  return { canvas, left, top, width, height };
}

/** The photo scaled into `placement` and padded out to its canvas, as PNG (lossless for the model's input). */
export async function padToCanvas(photo: ProviderImage, placement: Placement): Promise<Buffer> {
  const { canvas, left, top, width, height } = placement;
  return sharp(photo.bytes)
    .resize(width, height, { fit: 'fill' })
    .extend({
      left,
      top,
      right: canvas.width - width - left,
      bottom: canvas.height - height - top,
      extendWith: 'mirror',
    })
    .png()
    .toBuffer();
}

const asJpeg = async (pipeline: Sharp): Promise<ProviderImage> => {
  const { data, info } = await pipeline.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
};

/** The part of an answer drawn over the photo; the answer is first scaled to the canvas if it came back larger. */
export async function cropToPlacement(answer: Buffer, placement: Placement): Promise<ProviderImage> {
  const { canvas, left, top, width, height } = placement;
  await answerSize(answer);
  // extract after resize crops the scaled answer.
  return asJpeg(
    sharp(answer).resize(canvas.width, canvas.height, { fit: 'fill' }).extract({ left, top, width, height }),
  );
}

/** The answer's size; an answer that does not decode as a picture is an unreadable answer. */
export async function answerSize(answer: Buffer): Promise<Size> {
  const metadata = await sharp(answer)
    .metadata()
    .catch(() => undefined);
  if (!metadata?.width || !metadata.height) throw new GenerationFailure(PROVIDER_MESSAGES.unreadable);
  return { width: metadata.width, height: metadata.height };
}

/** The largest centred region of the answer with the photo's aspect ratio (cropped, never stretched). */
export async function matchAspect(answer: Buffer, photo: Size): Promise<ProviderImage> {
  const size = await answerSize(answer);
  const ratio = photo.width / photo.height;
  const wider = size.width / size.height > ratio;
  const width = wider ? Math.round(size.height * ratio) : size.width;
  const height = wider ? size.height : Math.round(size.width / ratio);
  return asJpeg(sharp(answer).resize(width, height, { fit: 'cover' }));
}
