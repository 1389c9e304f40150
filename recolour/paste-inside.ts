import { MARKED_SURFACES } from '../contract/surface-masks';
import { checkMaskSize } from './recolour-photo';
import type { SurfaceMasks } from './surface-masks';
import { blendInto, type RgbPixels, regionPixels, surfaceRegion } from './surface-region';

// Another picture of the room kept only inside the marked surfaces (a photoreal provider's answer, scaled to the
// photo by the host), blended in through the same feathered mask the recolour uses: whatever the model did to
// the walls, windows and appliances, the room outside the marked surfaces is the photo's own.

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

/** The photo with `drawn`'s pixels (the same size) inside the marked surfaces: a new buffer. */
export function pasteInside(photo: RgbPixels, drawn: RgbPixels, masks: SurfaceMasks): RgbPixels {
  checkMaskSize(photo, masks);
  checkMaskSize(drawn, masks);
  const result: RgbPixels = { ...photo, data: Uint8Array.from(photo.data) };
  const region = surfaceRegion(markedUnion(masks), photo.width, photo.height);
  if (region) blendInto(result, region, regionPixels(drawn, region.box));
  return result;
}
