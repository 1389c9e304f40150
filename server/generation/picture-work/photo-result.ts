import sharp from 'sharp';
import type { PhotoLook } from '../../../recolour/looks';
import { recolourPhoto } from '../../../recolour/recolour-photo';
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import type { RgbPixels } from '../../../recolour/surface-region';
import { drawWorktopTile } from './worktop-tile';

// The offline photo result (issue 22) on the server: the stored photo decoded with sharp, recoloured by the
// shared recolour (recolour/recolour-photo.ts, the same code the browser's preview runs), encoded as JPEG.

/** A picture this server made, ready to store. */
export interface EncodedPicture {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/** The photo's pixels as RGB bytes (the stored photo is already upright sRGB). */
export async function decodePhoto(bytes: Uint8Array): Promise<RgbPixels> {
  const { data, info } = await sharp(bytes)
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Quality of the stored result: high enough that the unchanged room shows no blocks beside the photo. */
const RESULT_QUALITY = 90;

export async function encodeResult(pixels: RgbPixels): Promise<EncodedPicture> {
  const { data, width, height } = pixels;
  const bytes = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: RESULT_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { bytes, contentType: 'image/jpeg', width, height };
}

/** The photo with its marked surfaces in `look`, decoded pixels in and out, the worktop's tile drawn here. */
export async function recolourPhotoHere(
  photo: RgbPixels,
  masks: SurfaceMasks,
  look: PhotoLook,
): Promise<RgbPixels> {
  return recolourPhoto(photo, masks, look, await drawWorktopTile(look.worktop));
}

/** The photo result from the stored photo's bytes: decode, recolour, encode. */
export async function photoResult(
  photo: Uint8Array,
  masks: SurfaceMasks,
  look: PhotoLook,
): Promise<EncodedPicture> {
  return encodeResult(await recolourPhotoHere(await decodePhoto(photo), masks, look));
}
