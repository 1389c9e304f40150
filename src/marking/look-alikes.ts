// "Keep the strokes few": after a mark, the superpixels the brush has not reached that look like the ones it was
// marked on, grouped into separate areas (a door across the room, the island's side), for the visitor to accept
// with one tap instead of a stroke each. Only areas shaped like what a kitchen's surfaces are made of are offered
// (issue 32: a white kitchen's ceiling, floor and walls looked like its doors): an area larger than what the brush
// holds (or a tenth of the photo, if more), or filling little of its bounding box, is a room's
// surface, not a door.
import { labDistanceSquared } from './colour-lab';
import type { RegionGraph } from './region-graph';

export interface LookAlikeOptions {
  /** Most ΔE76 from the nearest marked colour for a superpixel to look alike. */
  readonly likeness: number;
  /** Fewest pixels an area needs to be offered (a drawer front at 1200 px is about 40 × 40): specks are noise. */
  readonly minPixels: number;
  /** Most mean edge strength across a border for two look-alike superpixels to count as one area. */
  readonly joinEdge: number;
  /**
   * Largest area offered: `maxOfHeld` times what the brush holds, or `maxShare` of the picture when that is more
   * (after one door, a whole run may be on offer; a wall never is).
   */
  readonly maxOfHeld: number;
  readonly maxShare: number;
  /** Least share of its bounding box an area fills: doors and drawers are near rectangles, even in perspective. */
  readonly minFill: number;
}

export const DEFAULT_LOOK_ALIKE: LookAlikeOptions = {
  likeness: 5,
  minPixels: 1500,
  joinEdge: 6,
  maxOfHeld: 1.5,
  maxShare: 0.1,
  minFill: 0.65,
};

export interface LookAlikes {
  /** Every superpixel offered. */
  readonly regions: number[];
  /** How many separate areas they make. */
  readonly areas: number;
  readonly pixels: number;
}

/**
 * The look-alikes of `label`: superpixels no brush holds (`labels` 0) whose colour is within `likeness` of a
 * superpixel `label` holds, in areas of at least `minPixels`.
 */
export function lookAlikes(
  graph: RegionGraph,
  labels: Uint8Array,
  label: number,
  shape: RegionShapes,
  options = DEFAULT_LOOK_ALIKE,
): LookAlikes {
  const { count, colour, size, start, neighbours, border } = graph;
  let heldPixels = 0;
  const held: number[] = [];
  for (let region = 0; region < count; region++)
    if (labels[region] === label) {
      held.push(region);
      heldPixels += size[region] ?? 0;
    }
  const samples = distinctColours(colour, held);
  const limit = options.likeness * options.likeness;
  const candidate = new Uint8Array(count);
  for (let region = 0; region < count; region++) {
    if (labels[region] !== 0) continue;
    for (const sample of samples)
      if (labDistanceSquared(colour, region, colour, sample) <= limit) {
        candidate[region] = 1;
        break;
      }
  }
  const largestOffer = Math.max(
    options.maxOfHeld * heldPixels,
    options.maxShare * shape.width * shape.height,
  );
  const regions: number[] = [];
  let areas = 0;
  let pixels = 0;
  const seen = new Uint8Array(count);
  for (let first = 0; first < count; first++) {
    if (candidate[first] === 0 || seen[first] === 1) continue;
    const area = [first];
    seen[first] = 1;
    let areaPixels = 0;
    for (let i = 0; i < area.length; i++) {
      const region = area[i] ?? 0;
      areaPixels += size[region] ?? 0;
      for (let at = start[region] ?? 0, end = start[region + 1] ?? 0; at < end; at++) {
        const next = neighbours[at] ?? 0;
        if (candidate[next] === 1 && seen[next] === 0 && (border[at] ?? 0) <= options.joinEdge) {
          seen[next] = 1;
          area.push(next);
        }
      }
    }
    if (areaPixels < options.minPixels || !doorShaped(area, areaPixels, shape, largestOffer, options))
      continue;
    regions.push(...area);
    areas++;
    pixels += areaPixels;
  }
  return { regions, areas, pixels };
}

/** The held superpixels thinned to colours at least 1 ΔE apart, so a large marked area stays quick to compare. */
function distinctColours(colour: Float32Array, held: readonly number[]): number[] {
  const kept: number[] = [];
  for (const region of held) {
    if (kept.length >= 64) break;
    if (kept.every((other) => labDistanceSquared(colour, region, colour, other) >= 1)) kept.push(region);
  }
  return kept;
}

/** Where each superpixel lies: its bounding box. */
export interface RegionShapes {
  readonly width: number;
  readonly height: number;
  /** x0, y0, x1, y1 of each superpixel (inclusive). */
  readonly box: Int32Array;
}

/** Each superpixel's bounding box, from the picture's superpixel labels. */
export function regionShapes(width: number, height: number, labels: Int32Array, count: number): RegionShapes {
  const box = new Int32Array(count * 4);
  for (let region = 0; region < count; region++) box.set([width, height, -1, -1], region * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const region = labels[y * width + x] ?? 0;
      const at = region * 4;
      box[at] = Math.min(box[at] ?? 0, x);
      box[at + 1] = Math.min(box[at + 1] ?? 0, y);
      box[at + 2] = Math.max(box[at + 2] ?? 0, x);
      box[at + 3] = Math.max(box[at + 3] ?? 0, y);
    }
  return { width, height, box };
}

/** Whether an area of superpixels could be doors or a worktop's piece: not too big, and compact. */
function doorShaped(
  area: readonly number[],
  pixels: number,
  shape: RegionShapes,
  largest: number,
  options: LookAlikeOptions,
): boolean {
  if (pixels > largest) return false;
  let [left, top, right, bottom] = [shape.width, shape.height, -1, -1];
  for (const region of area) {
    const at = region * 4;
    left = Math.min(left, shape.box[at] ?? 0);
    top = Math.min(top, shape.box[at + 1] ?? 0);
    right = Math.max(right, shape.box[at + 2] ?? 0);
    bottom = Math.max(bottom, shape.box[at + 3] ?? 0);
  }
  return pixels >= options.minFill * (right - left + 1) * (bottom - top + 1);
}
