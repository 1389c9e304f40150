import { MARKED_SURFACES } from '../contract/surface-masks';
import type { PartialLook, PhotoLook } from './looks';
import { type PreparedFronts, paintFronts, prepareFronts } from './recolour-fronts';
import { type PreparedWorktop, paintWorktop, prepareWorktop } from './retexture-worktop';
import type { SurfaceMasks } from './surface-masks';
import { blendInto, type RgbPixels, surfaceRegion } from './surface-region';
import { type WorktopTile, worktopTexture } from './worktop-texture';

// The recolour (issue 22; one pipeline for two hosts, issue 33): the visitor's photo, at the size it is given,
// with the marked fronts in the chosen colour and finish and the marked worktop in the chosen material; every
// pixel outside the feathered masks is the photo's own. The worktop is drawn after the fronts: where soft edges
// overlap, it lies on top. Pixels in, pixels out: the host decodes, encodes and draws the worktop's tile.
//
// In two parts: what the photo and its marking say whatever the look (the light, the handles, what stands on the
// counter, the counter's planes) is prepared once; each look is then painted over it. The server does both at
// once; the browser's preview keeps the preparation while the visitor changes their choices.

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

/** A photo and its marking, prepared for painting in any look. */
export interface PreparedPhoto {
  photo: RgbPixels;
  fronts: PreparedFronts | null;
  worktop: PreparedWorktop | null;
}

export function preparePhoto(photo: RgbPixels, masks: SurfaceMasks): PreparedPhoto {
  checkMaskSize(photo, masks);
  const { width, height } = photo;
  const fronts = masks.planes.fronts && surfaceRegion(masks.planes.fronts, width, height);
  const worktop = masks.planes.worktop && surfaceRegion(masks.planes.worktop, width, height);
  return {
    photo,
    fronts: fronts ? prepareFronts(photo, fronts) : null,
    worktop: worktop ? prepareWorktop(photo, worktop) : null,
  };
}

/**
 * The prepared photo in `look`: a new buffer, the photo's left as it was. A surface the look leaves out (the live
 * preview before that choice is made) stays the photo's. `tile` is the worktop's swatch drawn by the host
 * (worktop-texture.ts); it is read only when a worktop is marked and in the look.
 */
export function paintPhoto(
  { photo, fronts, worktop }: PreparedPhoto,
  look: PartialLook,
  tile: WorktopTile | undefined,
): RgbPixels {
  const result: RgbPixels = { ...photo, data: Uint8Array.from(photo.data) };
  if (fronts && look.fronts) blendInto(result, fronts.region, paintFronts(fronts, look.fronts));
  if (worktop && look.worktop && tile) {
    const texture = worktopTexture(tile, look.worktop);
    blendInto(result, worktop.region, paintWorktop(worktop, look.worktop, texture));
  }
  return result;
}

/** The photo with its marked surfaces in `look`, prepared and painted in one go. */
export const recolourPhoto = (
  photo: RgbPixels,
  masks: SurfaceMasks,
  look: PhotoLook,
  tile: WorktopTile,
): RgbPixels => paintPhoto(preparePhoto(photo, masks), look, tile);
