// Where "keep" starts without being painted (issue 32): the photo's border, since ceilings, floors, walls and
// splashbacks nearly always run off the edge of a kitchen photo, except near the brush's own marks (a run of fronts
// or a counter may run off the edge too, and the visitor's stroke along it says so); and the cores of the things a detector
// found (a fridge, a chair), except where the brush's own marks cross them.

import type { MarkedSurface } from '../../contract/surface-masks';
import { labDistanceSquared } from './colour-lab';
import type { RegionGraph } from './region-graph';
import {
  DEFAULT_COUNTER_RUN_OFF,
  DEFAULT_RUN_OFF,
  DEFAULT_TOP_RUN_OFF,
  type PhotoEdge,
  type RunOffOptions,
  type TopRunOffOptions,
} from './run-off-edges';
import type { Superpixels } from './slic';

/** A thing found in the photo, as fractions of the photo's width and height. */
export interface FoundObject {
  readonly label: string;
  readonly box: readonly [x0: number, y0: number, x1: number, y1: number];
}

export interface KeepOptions {
  /** How far from a brush's marks, as a share of the long side, the border still seeds keep against it. */
  readonly borderClearance: number;
  /** The share of a found object's box, about its centre, that seeds keep. */
  readonly objectCore: number;
  /**
   * Against the worktop, a found thing's core seeds keep only where its colour is at least this far (ΔE) from every
   * colour the worktop was marked on: a chair's box in front of an island and a kettle's on a counter take in the
   * top around them, and the top shows there (D150).
   */
  readonly worktopInCore: number;
  /** Where a brush's run runs off the photo, the edge that is not keep against that brush (run-off-edges.ts). */
  readonly runOff: Readonly<Record<MarkedSurface, RunOffOptions>>;
  /** Where a run of fronts runs off the top edge, which is then not keep against the fronts (run-off-edges.ts). */
  readonly topRunOff: TopRunOffOptions;
}

// Measured on the real kitchens (docs/decisions.md D77): sparing more of the border near a stroke, ahead of its
// ends, or wherever the brush reaches without crossing an edge, traded the room's leak for the surfaces' recall
// one for one; what a brush misses a stroke or a look-alike adds, while what it leaks paints the room. Sparing
// only where a run of fronts or a counter runs off the photo, never its top edge, did not (D93, D98).
export const DEFAULT_KEEP: KeepOptions = {
  borderClearance: 0.05,
  objectCore: 0.4,
  worktopInCore: 6,
  runOff: { fronts: DEFAULT_RUN_OFF, worktop: DEFAULT_COUNTER_RUN_OFF },
  topRunOff: DEFAULT_TOP_RUN_OFF,
};

/** The superpixels that touch the picture's edge, and which of them touch each side of it. */
export function borderRegions({ width, height, labels }: Superpixels): PhotoEdge {
  const top = new Set<number>();
  const bottom = new Set<number>();
  const left = new Set<number>();
  const right = new Set<number>();
  for (let x = 0; x < width; x++) {
    top.add(labels[x] ?? 0);
    bottom.add(labels[(height - 1) * width + x] ?? 0);
  }
  for (let y = 0; y < height; y++) {
    left.add(labels[y * width] ?? 0);
    right.add(labels[y * width + width - 1] ?? 0);
  }
  const all = [...new Set([...top, ...bottom, ...left, ...right])].sort((a, b) => a - b);
  return { all, top, bottom, left, right };
}

/** The superpixels whose centre lies in the core of a found object's box. */
export function objectCoreRegions(
  graph: RegionGraph,
  width: number,
  height: number,
  objects: readonly FoundObject[],
  options = DEFAULT_KEEP,
): number[][] {
  return objects.map(({ box: [x0, y0, x1, y1] }) => {
    const margin = (1 - options.objectCore) / 2;
    const left = (x0 + (x1 - x0) * margin) * width;
    const right = (x1 - (x1 - x0) * margin) * width;
    const top = (y0 + (y1 - y0) * margin) * height;
    const bottom = (y1 - (y1 - y0) * margin) * height;
    const regions: number[] = [];
    for (let region = 0; region < graph.count; region++) {
      const x = graph.centre[region * 2] ?? 0;
      const y = graph.centre[region * 2 + 1] ?? 0;
      if (x >= left && x <= right && y >= top && y <= bottom) regions.push(region);
    }
    return regions;
  });
}

/**
 * `cores` less, in each that none of `pinned` lies in, the superpixels nearer than `alike` (ΔE) to a pinned superpixel's
 * colour. A core a pin lies in stays whole: `unpaintedKeep` leaves it out.
 */
export function coresUnlike(
  graph: RegionGraph,
  cores: readonly (readonly number[])[],
  pinned: readonly number[],
  mine: Uint8Array,
  alike: number,
): number[][] {
  const { colour } = graph;
  const limit = alike * alike;
  const likeAPin = (region: number) =>
    pinned.some((pin) => labDistanceSquared(colour, region, colour, pin) < limit);
  return cores.map((core) =>
    core.some((region) => mine[region] === 1) ? [...core] : core.filter((region) => !likeAPin(region)),
  );
}

/**
 * Keep's unpainted seeds against one brush: the border superpixels farther than the clearance from every one of
 * `pinned` (the brush's own superpixels), and every object core none of `pinned` lies in; never one of `pinned`
 * (`mine`, 1 for each).
 */
export function unpaintedKeep(
  graph: RegionGraph,
  border: readonly number[],
  cores: readonly (readonly number[])[],
  pinned: readonly number[],
  mine: Uint8Array,
  clearance: number,
): number[] {
  const { centre } = graph;
  const limit = clearance * clearance;
  const keep: number[] = [];
  for (const region of border) {
    if (mine[region] === 1) continue;
    const x = centre[region * 2] ?? 0;
    const y = centre[region * 2 + 1] ?? 0;
    let clear = true;
    for (const other of pinned) {
      const dx = (centre[other * 2] ?? 0) - x;
      const dy = (centre[other * 2 + 1] ?? 0) - y;
      if (dx * dx + dy * dy < limit) {
        clear = false;
        break;
      }
    }
    if (clear) keep.push(region);
  }
  for (const core of cores)
    if (!core.some((region) => mine[region] === 1))
      for (const region of core) if (mine[region] !== 1) keep.push(region);
  return keep;
}
