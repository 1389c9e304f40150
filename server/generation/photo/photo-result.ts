import sharp from 'sharp';
import { MARKED_SURFACES } from '../../../contract/surface-masks';
import type { SurfaceMasks } from '../../images/surface-masks';
import type { FrontLook, WorktopLook } from '../render/design';
import { recolourFronts } from './recolour-fronts';
import { retextureWorktop } from './retexture-worktop';
import { blendInto, type RgbPixels, surfaceRegion } from './surface-region';
import { worktopTexture } from './worktop-texture';

// The offline photo result (issue 22): the visitor's own photo, at its own size, with the marked fronts in the
// chosen colour and finish and the marked worktop in the chosen material; every pixel outside the feathered
// masks is the photo's own. The worktop is drawn after the fronts: where soft edges overlap, it lies on top.

export interface PhotoLook {
  fronts: FrontLook;
  worktop: WorktopLook;
}

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

/** Refuses masks drawn for another size: they would mark the wrong pixels. */
export function checkMaskSize(photo: { width: number; height: number }, masks: SurfaceMasks): void {
  const planesFit = MARKED_SURFACES.every((surface) => {
    const plane = masks.planes[surface];
    return !plane || plane.length === photo.width * photo.height;
  });
  if (masks.width !== photo.width || masks.height !== photo.height || !planesFit) {
    throw new Error(
      `The marked surfaces are ${masks.width} × ${masks.height} but the photo is ${photo.width} × ${photo.height}.`,
    );
  }
}

/** The photo with its marked surfaces in `look`, before any encoding: a new buffer, the photo's left as it was. */
export async function recolourPhoto(
  photo: RgbPixels,
  masks: SurfaceMasks,
  look: PhotoLook,
): Promise<RgbPixels> {
  checkMaskSize(photo, masks);
  const result: RgbPixels = { ...photo, data: Uint8Array.from(photo.data) };
  const { width, height } = photo;
  const fronts = masks.planes.fronts && surfaceRegion(masks.planes.fronts, width, height);
  if (fronts) blendInto(result, fronts, recolourFronts(photo, fronts, look.fronts));
  const worktop = masks.planes.worktop && surfaceRegion(masks.planes.worktop, width, height);
  if (worktop) {
    const texture = await worktopTexture(look.worktop);
    blendInto(result, worktop, retextureWorktop(photo, worktop, look.worktop, texture));
  }
  return result;
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

/** The photo result from the stored photo's bytes: decode, recolour, encode. */
export async function photoResult(
  photo: Uint8Array,
  masks: SurfaceMasks,
  look: PhotoLook,
): Promise<EncodedPicture> {
  return encodeResult(await recolourPhoto(await decodePhoto(photo), masks, look));
}
