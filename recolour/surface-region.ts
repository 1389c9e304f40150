import { type Box, boundsOf, boxBlur, grown } from './float-channels';

// One marked surface cut out of the photo: the box round its mask, the mask as weights inside it, and the
// feathered mask the new look is blended through. Feathering widens the edge by a few pixels; every pixel
// whose feathered weight is 0 keeps the photo's bytes exactly.

export interface RgbPixels {
  /** RGB, row-major, 3 bytes a pixel. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface SurfaceRegion {
  box: Box;
  /** 1 where the mask holds the surface (at least half), 0 elsewhere: what the surface's statistics read. */
  core: Float32Array;
  /** The feathered mask, 0-1: how much of the new look each pixel takes. */
  alpha: Float32Array;
}

/** The feather's radius: about a pixel per 1,200 of the photo's long side, so it looks the same at any size. */
export const featherRadius = (width: number, height: number) =>
  Math.max(1, Math.round(Math.max(width, height) / 1200));

/** The surface's region, or null when its mask marks nothing. */
export function surfaceRegion(mask: Uint8Array, width: number, height: number): SurfaceRegion | null {
  const marked = boundsOf(mask, width);
  if (!marked) return null;
  const radius = featherRadius(width, height);
  // One box blur: the edge ramps over 2 × radius + 1 pixels, reaching `radius` beyond the mask.
  const box = grown(marked, radius + 1, width, height);
  const soft = new Float32Array(box.width * box.height);
  const core = new Float32Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * width + box.left;
    for (let x = 0; x < box.width; x += 1) {
      const value = mask[from + x] ?? 0;
      soft[y * box.width + x] = value / 255;
      core[y * box.width + x] = value >= 128 ? 1 : 0;
    }
  }
  const alpha = boxBlur(soft, box.width, box.height, radius);
  // Float sums leave crumbs of 1e-8 where the window has left the mask: those pixels are outside.
  for (let index = 0; index < alpha.length; index += 1) if ((alpha[index] ?? 0) < 1 / 512) alpha[index] = 0;
  return { box, core, alpha };
}

/** The photo's RGB bytes inside `box`, row-major. */
export function regionPixels(photo: RgbPixels, box: Box): Uint8Array {
  const pixels = new Uint8Array(box.width * box.height * 3);
  for (let y = 0; y < box.height; y += 1) {
    const from = ((box.top + y) * photo.width + box.left) * 3;
    pixels.set(photo.data.subarray(from, from + box.width * 3), y * box.width * 3);
  }
  return pixels;
}

/** Blends `look` (RGB bytes of the region's box) into `target` through the region's feathered mask. */
export function blendInto(target: RgbPixels, region: SurfaceRegion, look: Uint8Array): void {
  const { box, alpha } = region;
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const weight = alpha[y * box.width + x] ?? 0;
      if (weight === 0) continue;
      const at = ((box.top + y) * target.width + box.left + x) * 3;
      const from = (y * box.width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        const before = target.data[at + channel] ?? 0;
        target.data[at + channel] = Math.round(before + ((look[from + channel] ?? 0) - before) * weight);
      }
    }
  }
}
