// Keeping the photo's shape through providers that draw only a few fixed sizes: the photo is padded to the
// nearest supported size (its edges mirrored, so the model sees no frame to redraw) and the answer is cropped
// back to where the photo was. For providers that choose their own size, the answer is trimmed to the photo's
// aspect ratio (photo/fit-answer.ts, in the runner's picture thread).
import sharp from 'sharp';
import { ImageRejectedError } from '../../images/image-rejection';
import type { AnswerFit, Placement, Size } from '../picture-work/fit-answer';
import { GenerationFailure, type PhotoWork, type ProviderImage } from '../provider';
import { PROVIDER_MESSAGES } from './messages';

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

/**
 * The service's answer in the photo's shape (`fit`), made in the runner's picture thread (`photos`), where its
 * size is checked against the cap before anything is decoded. What is not a picture is an unreadable answer;
 * one over the cap says its size.
 */
export async function shapedAnswer(
  photos: PhotoWork,
  answer: Buffer,
  fit: AnswerFit,
): Promise<ProviderImage> {
  try {
    return await photos.fitAnswer(answer, fit);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    const message = error.code === 'IMAGE_TOO_MANY_PIXELS' ? error.message : PROVIDER_MESSAGES.unreadable;
    throw new GenerationFailure(message, { cause: error });
  }
}
