// "Keep the strokes few": after a mark, the superpixels the brush has not reached that look like the ones it was
// marked on, grouped into separate areas (a door across the room, the island's side), for the visitor to accept
// with one tap instead of a stroke each.
import { labDistanceSquared } from './colour-lab';
import type { RegionGraph } from './region-graph';

export interface LookAlikeOptions {
  /** Most ΔE76 from the nearest marked colour for a superpixel to look alike. */
  readonly likeness: number;
  /** Fewest pixels an area needs to be offered: specks are noise. */
  readonly minPixels: number;
  /** Most mean edge strength across a border for two look-alike superpixels to count as one area. */
  readonly joinEdge: number;
}

export const DEFAULT_LOOK_ALIKE: LookAlikeOptions = { likeness: 5, minPixels: 400, joinEdge: 6 };

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
  options = DEFAULT_LOOK_ALIKE,
): LookAlikes {
  const { count, colour, size, start, neighbours, border } = graph;
  const held: number[] = [];
  for (let region = 0; region < count; region++) if (labels[region] === label) held.push(region);
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
    if (areaPixels < options.minPixels) continue;
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
