// The photo pipeline that runs in the worker (DESIGN D8): find out what the file is, decode it (HEIC through
// libheif, everything else through the browser, EXIF orientation applied), downscale to 2048 px on the long
// side, encode JPEG and key it by its SHA-256. Nothing here touches the DOM.
import { isPhotoFormat, readFileSignature, SIGNATURE_BYTES } from '../../contract/file-signature';
import { imageLimits } from '../../contract/image-limits';
import type { PreparedPhoto } from '../../machines/kitchen/actors';
import { decodeHeic } from './decode-heic';
import { base64Of, contentKeyOf } from './encode-bytes';
import { fitWithin } from './fit-within';
import { PHOTO_ERRORS, PhotoError } from './photo-errors';

export const JPEG_QUALITY = 0.85;

async function decode(file: Blob): Promise<ImageBitmap> {
  const format = readFileSignature(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!isPhotoFormat(format)) throw new PhotoError(PHOTO_ERRORS.notAnImage);
  try {
    if (format === 'heic') {
      const { data, width, height } = await decodeHeic(new Uint8Array(await file.arrayBuffer()));
      return await createImageBitmap(new ImageData(data, width, height));
    }
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw error instanceof PhotoError ? error : new PhotoError(PHOTO_ERRORS.broken);
  }
}

export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  const bitmap = await decode(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, imageLimits.maxLongSide);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoError(PHOTO_ERRORS.failed);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    return {
      dataUrl: `data:image/jpeg;base64,${base64Of(bytes)}`,
      imageKey: await contentKeyOf(bytes),
    };
  } finally {
    bitmap.close();
  }
}
