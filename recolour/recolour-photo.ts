import { MARKED_SURFACES } from '../contract/surface-masks';
import type { PhotoLook } from './looks';
import { recolourFronts } from './recolour-fronts';
import { retextureWorktop } from './retexture-worktop';
import type { SurfaceMasks } from './surface-masks';
import { blendInto, type RgbPixels, surfaceRegion } from './surface-region';
import { type WorktopTile, worktopTexture } from './worktop-texture';

// The recolour (issue 22; one pipeline for two hosts, issue 33): the visitor's photo, at the size it is given,
// with the marked fronts in the chosen colour and finish and the marked worktop in the chosen material; every
// pixel outside the feathered masks is the photo's own. The worktop is drawn after the fronts: where soft edges
// overlap, it lies on top. Pixels in, pixels out: the host decodes, encodes and draws the worktop's tile.

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

/**
 * The photo with its marked surfaces in `look`: a new buffer, the photo's left as it was. `tile` is the worktop's
 * swatch drawn by the host (worktop-texture.ts); it is read only when a worktop is marked.
 */
export function recolourPhoto(
  photo: RgbPixels,
  masks: SurfaceMasks,
  look: PhotoLook,
  tile: WorktopTile,
): RgbPixels {
  checkMaskSize(photo, masks);
  const result: RgbPixels = { ...photo, data: Uint8Array.from(photo.data) };
  const { width, height } = photo;
  const fronts = masks.planes.fronts && surfaceRegion(masks.planes.fronts, width, height);
  if (fronts) blendInto(result, fronts, recolourFronts(photo, fronts, look.fronts));
  const worktop = masks.planes.worktop && surfaceRegion(masks.planes.worktop, width, height);
  if (worktop) {
    const texture = worktopTexture(tile, look.worktop);
    blendInto(result, worktop, retextureWorktop(photo, worktop, look.worktop, texture));
  }
  return result;
}
