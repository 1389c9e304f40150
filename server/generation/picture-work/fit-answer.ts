// A photoreal provider's picture made the photo's shape: trimmed to its aspect ratio, or cropped back out of the
// padded canvas the photo was sent on (providers/aspect.ts). The answer is untrusted: its size is read from its
// header and checked against the cap before anything is decoded, and this runs in the runner's picture thread
// (photo-work.ts), so a huge answer costs a refusal, never the server's memory (issue 34, point 8).
import sharp, { type Sharp } from 'sharp';
import { inspectPicture } from '../../images/inspect-picture';
import type { EncodedPicture } from './photo-result';

/** Providers answer 1-4 MP; 16 MP leaves room for a larger model and bounds a decode to 64 MB of pixels. */
export const PROVIDER_MAX_PIXELS = 4096 * 4096;

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

/** How the answer becomes the photo's shape: the largest centred region of `aspect`'s ratio, or `placement`. */
export type AnswerFit = { aspect: Size } | { placement: Placement };

const asJpeg = async (pipeline: Sharp): Promise<EncodedPicture> => {
  const { data, info } = await pipeline.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
};

/**
 * The answer in the photo's shape, as JPEG. Throws `ImageRejectedError` (images/image-rejection.ts) for what is
 * not a picture or is over `PROVIDER_MAX_PIXELS`, before any pixel is decoded.
 */
export async function fitAnswer(answer: Uint8Array, fit: AnswerFit): Promise<EncodedPicture> {
  const size = await inspectPicture(answer, PROVIDER_MAX_PIXELS);
  const picture = () => sharp(answer, { failOn: 'error', limitInputPixels: PROVIDER_MAX_PIXELS });
  if ('placement' in fit) {
    const { canvas, left, top, width, height } = fit.placement;
    // The answer is first scaled to the canvas if it came back larger; extract after resize crops the scaled one.
    return asJpeg(
      picture().resize(canvas.width, canvas.height, { fit: 'fill' }).extract({ left, top, width, height }),
    );
  }
  const ratio = fit.aspect.width / fit.aspect.height;
  const wider = size.width / size.height > ratio;
  const width = wider ? Math.round(size.height * ratio) : size.width;
  const height = wider ? size.height : Math.round(size.width / ratio);
  return asJpeg(picture().resize(width, height, { fit: 'cover' }));
}
