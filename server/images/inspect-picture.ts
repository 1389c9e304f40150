// What a generation provider sent back, checked like an upload: a picture of a format we serve, within the pixel
// cap, that decodes. Runs in the intake threads (intake-thread.ts), never on the server's thread.
import sharp from 'sharp';
import { ImageRejectedError } from './image-rejection';

export interface PictureInfo {
  /** sharp's name for the format (`jpeg`, `png`, ...). */
  format: string;
  width: number;
  height: number;
}

const notAPicture = () =>
  new ImageRejectedError('IMAGE_UNDECODABLE', 'The image service sent back something that is not a picture.');

export async function inspectPicture(bytes: Uint8Array, maxPixels: number): Promise<PictureInfo> {
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const { format, width, height } = metadata ?? {};
  if (!format || !width || !height) throw notAPicture();
  if (width * height > maxPixels)
    throw new ImageRejectedError(
      'IMAGE_TOO_MANY_PIXELS',
      `The image service sent back a picture of ${width}x${height} pixels, more than we accept.`,
    );
  // A header is not a picture: decode it (small, so shrink-on-load keeps this cheap) to refuse a truncated one.
  await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels })
    .resize(64, 64, { fit: 'inside' })
    .raw()
    .toBuffer()
    .catch(() => {
      throw notAPicture();
    });
  return { format, width, height };
}
