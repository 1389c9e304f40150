import sharp from 'sharp';
import { pasteInside } from '../../../recolour/paste-inside';
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import type { RgbPixels } from '../../../recolour/surface-region';
import { decodePhoto, type EncodedPicture, encodeResult } from './photo-result';

// A photoreal provider's picture, kept only inside the marked surfaces (recolour/paste-inside.ts): decoded and
// scaled to the photo's size here, with sharp.

/** The photo with the provider's pixels inside the marked surfaces, before encoding. */
export async function pasteBackPixels(
  photo: RgbPixels,
  picture: Uint8Array,
  masks: SurfaceMasks,
): Promise<RgbPixels> {
  const { width, height } = photo;
  // The adapters already cropped the answer back to the photo's frame; only its scale can differ.
  const drawn: RgbPixels = {
    data: await sharp(picture)
      .resize(width, height, { fit: 'fill' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer(),
    width,
    height,
  };
  return pasteInside(photo, drawn, masks);
}

export async function pasteBack(
  photo: Uint8Array,
  picture: Uint8Array,
  masks: SurfaceMasks,
): Promise<EncodedPicture> {
  return encodeResult(await pasteBackPixels(await decodePhoto(photo), picture, masks));
}
