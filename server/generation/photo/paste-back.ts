import sharp from 'sharp';
import { MARKED_SURFACES } from '../../../contract/surface-masks';
import type { SurfaceMasks } from '../../images/surface-masks';
import { checkMaskSize, decodePhoto, type EncodedPicture, encodeResult } from './photo-result';
import { blendInto, type RgbPixels, regionPixels, surfaceRegion } from './surface-region';

// A photoreal provider's picture, kept only inside the marked surfaces: scaled to the photo's size and blended
// in through our own feathered mask, so whatever the model did to the walls, windows and appliances, the room
// outside the marked surfaces is the photo's own.

/** Every marked surface as one plane: the most any surface claims of each pixel. */
export function markedUnion(masks: SurfaceMasks): Uint8Array {
  const union = new Uint8Array(masks.width * masks.height);
  for (const surface of MARKED_SURFACES) {
    const plane = masks.planes[surface];
    if (!plane) continue;
    for (let index = 0; index < union.length; index += 1)
      if ((plane[index] ?? 0) > (union[index] ?? 0)) union[index] = plane[index] ?? 0;
  }
  return union;
}

/** The photo with the provider's pixels inside the marked surfaces, before encoding. */
export async function pasteBackPixels(
  photo: RgbPixels,
  picture: Uint8Array,
  masks: SurfaceMasks,
): Promise<RgbPixels> {
  checkMaskSize(photo, masks);
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
  const result: RgbPixels = { ...photo, data: Uint8Array.from(photo.data) };
  const region = surfaceRegion(markedUnion(masks), width, height);
  if (region) blendInto(result, region, regionPixels(drawn, region.box));
  return result;
}

export async function pasteBack(
  photo: Uint8Array,
  picture: Uint8Array,
  masks: SurfaceMasks,
): Promise<EncodedPicture> {
  return encodeResult(await pasteBackPixels(await decodePhoto(photo), picture, masks));
}
