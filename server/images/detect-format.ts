// The server's policy on a file's type: the signature comes from the one detector in contract/ (DESIGN D30);
// here a file that is not a photo we accept becomes a 415 that names what was sent.
import {
  ACCEPTED_PHOTO_FORMATS,
  type FileSignature,
  isPhotoFormat,
  type PhotoFormat,
  readFileSignature,
} from '../../contract/file-signature';
import { ImageRejectedError } from './image-rejection';

export type { PhotoFormat as ImageFormat } from '../../contract/file-signature';

const REFUSED_KINDS: Record<Exclude<FileSignature, PhotoFormat>, string> = {
  gif: 'a GIF image',
  bmp: 'a BMP image',
  tiff: 'a TIFF image',
  pdf: 'a PDF document',
  svg: 'an SVG drawing',
  'other-iso-media': 'a video or an unsupported HEIF variant',
};

/** The image format from the file's first bytes; anything else is refused with a 415 that says why. */
export function detectImageFormat(bytes: Uint8Array): PhotoFormat {
  const signature = readFileSignature(bytes);
  if (isPhotoFormat(signature)) return signature;
  throw new ImageRejectedError(
    'IMAGE_UNSUPPORTED_TYPE',
    signature
      ? `This file is ${REFUSED_KINDS[signature]}, not a photo we can use. Please upload a ${ACCEPTED_PHOTO_FORMATS} photo.`
      : `This file is not a photo we can read. Please upload a ${ACCEPTED_PHOTO_FORMATS} photo.`,
  );
}
