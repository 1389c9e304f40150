// The live overlay: each marked surface tinted in its own colour over the photo, "Not this" dimmed, and the
// look-alike areas on offer striped in their surface's colour so they read as a question, not a choice made.
import { BRUSH_ROWS, BRUSHES, type Brush, labelOf } from './brushes';

/** The stripes of an offer: every STRIPE-th diagonal, half of them filled. */
const STRIPE = 8;

export interface OverlayOffer {
  readonly brush: Brush | undefined;
  readonly regions: readonly number[];
}

/** RGBA pixels (premultiplication left to the canvas) for the marking's `pixels` and the offer on show. */
export function paintOverlay(
  width: number,
  pixels: Uint8Array,
  superpixelOf: Int32Array,
  offer: OverlayOffer,
  superpixelCount: number,
): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(pixels.length * 4);
  const tints = BRUSHES.map((brush) => [...BRUSH_ROWS[brush].colour, BRUSH_ROWS[brush].alpha]);
  const offered = new Uint8Array(superpixelCount);
  for (const region of offer.regions) offered[region] = 1;
  const offerTint = offer.brush ? [...BRUSH_ROWS[offer.brush].colour, 200] : undefined;
  for (let pixel = 0; pixel < pixels.length; pixel++) {
    const label = pixels[pixel] ?? 0;
    let tint = label > 0 ? tints[label - 1] : undefined;
    if (!tint && offerTint && offered[superpixelOf[pixel] ?? 0] === 1) {
      const diagonal = (pixel % width) + Math.floor(pixel / width);
      if (diagonal % STRIPE < STRIPE / 2) tint = offerTint;
    }
    if (tint) rgba.set(tint, pixel * 4);
  }
  return rgba;
}

/** How much of the picture each surface covers, 0 to 1: what the screen says in words. */
export function coverage(pixels: Uint8Array): Record<'fronts' | 'worktop', number> {
  let fronts = 0;
  let worktop = 0;
  const frontsLabel = labelOf('fronts');
  const worktopLabel = labelOf('worktop');
  for (const label of pixels) {
    if (label === frontsLabel) fronts++;
    else if (label === worktopLabel) worktop++;
  }
  return { fronts: fronts / Math.max(1, pixels.length), worktop: worktop / Math.max(1, pixels.length) };
}
