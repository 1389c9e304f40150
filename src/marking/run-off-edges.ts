// Where a run of fronts or a counter runs off the photo (issue 32, D93, D98, D135, D136). The photo's edge seeds keep
// because ceilings, floors and walls run off it, but so do kitchens: base units off the bottom of most kitchen
// photos, a run of units or a counter off the side it heads for, wall and tall units off the top. There the edge
// is the run's, so against its brush it is no keep seed. The top edge only where the photo shows it: nothing lies
// across the way up from a fronts stroke (a unit's top under a ceiling would), and only between the unit's sides,
// so a white ceiling above white units never takes the brush.
import { type LineSupport, lineStrength } from './line-support';
import type { RegionGraph } from './region-graph';
import { forEachPathPixel } from './stroke-seeds';

/** The superpixels that touch the picture's edge, and which of them touch each side of it. */
export interface PhotoEdge {
  readonly all: readonly number[];
  readonly top: ReadonlySet<number>;
  readonly bottom: ReadonlySet<number>;
  readonly left: ReadonlySet<number>;
  readonly right: ReadonlySet<number>;
}

export interface RunOffOptions {
  /**
   * How far past a stroke's ends, as a share of the long side, the bottom edge below it is the run's; null where
   * what lies below is not (below a counter are its fronts and the floor).
   */
  readonly below: number | null;
  /** How near the line through a stroke's ends, as a share of the long side, the side or bottom edge is the run's. */
  readonly along: number;
}

// Tuned on the real kitchens that are not held out: a wider band along a run of fronts took doors and walls beyond
// it (kitchen-13's ceiling at 0.12 with the top edge counted); along a counter, anything from 0.14 to 0.25 measured
// the same (D98).
export const DEFAULT_RUN_OFF: RunOffOptions = { below: 0.1, along: 0.08 };
export const DEFAULT_COUNTER_RUN_OFF: RunOffOptions = { below: null, along: 0.14 };

/** The edge superpixels where the runs `strokes` (flat x, y lists) run off the photo. */
export function runOffRegions(
  graph: RegionGraph,
  edge: PhotoEdge,
  strokes: readonly (readonly number[])[],
  longSide: number,
  options = DEFAULT_RUN_OFF,
): Set<number> {
  const below = options.below === null ? null : options.below * longSide;
  const along = options.along * longSide;
  const spans = strokes.flatMap((points) => {
    if (below === null) return [];
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    for (let at = 0; at < points.length; at += 2) {
      left = Math.min(left, points[at] ?? 0);
      right = Math.max(right, points[at] ?? 0);
    }
    return [[left - below, right + below] as const];
  });
  const lines = strokes.flatMap((points) => {
    const [x0 = 0, y0 = 0] = points;
    const x1 = points[points.length - 2] ?? x0;
    const y1 = points[points.length - 1] ?? y0;
    const length = Math.hypot(x1 - x0, y1 - y0);
    return length < 1 ? [] : [{ x0, y0, nx: -(y1 - y0) / length, ny: (x1 - x0) / length }];
  });
  const runOff = new Set<number>();
  for (const region of edge.all) {
    if (edge.top.has(region)) continue;
    const x = graph.centre[region * 2] ?? 0;
    const y = graph.centre[region * 2 + 1] ?? 0;
    const underStroke = edge.bottom.has(region) && spans.some(([left, right]) => x >= left && x <= right);
    const onLine = lines.some((line) => Math.abs((x - line.x0) * line.nx + (y - line.y0) * line.ny) < along);
    if (underStroke || onLine) runOff.add(region);
  }
  return runOff;
}

export interface TopRunOffOptions {
  /** How far apart along a stroke, as a share of the long side, the way up to the top edge is looked at. */
  readonly spacing: number;
  /**
   * The weakest line across the way up (ΔE a pixel, averaged over 7 pixels along it) that closes it: a unit's own
   * top under a ceiling or a crown moulding, a worktop's front edge above base units.
   */
  readonly crossing: number;
  /** The weakest line along the photo's top row that is the unit's side. */
  readonly side: number;
  /**
   * How far from the way up, as a share of the long side, the unit's sides may lie. With no side that near (and
   * no photo edge), what runs off the top is a ceiling, not a unit.
   */
  readonly widest: number;
  /** Whether a unit that runs off a side of the photo too takes that side, down to the stroke. */
  readonly offTheSide: boolean;
}

// Chosen on the nine tuning kitchens with natural strokes (D135, D136): from 0.8 to 6 ΔE a pixel for either line,
// the same but for a wall taken at 6.
export const DEFAULT_TOP_RUN_OFF: TopRunOffOptions = {
  spacing: 0.02,
  crossing: 3,
  side: 3,
  widest: 0.3,
  offTheSide: true,
};

/** The photo's row where the unit's sides are looked for: just inside the top edge. */
const TOP_ROW = 2;

/**
 * The edge superpixels where a run of fronts runs off the top of the photo: above a point of one of `strokes` with
 * no line across its way up, the top row from the unit's side on its left to its side on its right. Where the unit
 * runs off a side of the photo too (no side of its own before the photo's), that side is the unit's as well, from
 * the top down to the stroke, unless a line lies across it on the way (D136).
 */
export function topRunOffRegions(
  graph: RegionGraph,
  edge: PhotoEdge,
  support: LineSupport,
  strokes: readonly (readonly number[])[],
  options = DEFAULT_TOP_RUN_OFF,
): Set<number> {
  const { width } = support;
  const ways = strokes.flatMap((points) => openWaysUp(support, points, options));
  const runOff = new Set<number>();
  for (const region of edge.top) {
    const x = graph.centre[region * 2] ?? 0;
    if (ways.some(({ left, right }) => left !== undefined && right !== undefined && x >= left && x <= right))
      runOff.add(region);
  }
  const sides = [
    { regions: edge.left, column: TOP_ROW, runsOffIt: (way: WayUp) => way.left === 0 },
    { regions: edge.right, column: width - 1 - TOP_ROW, runsOffIt: (way: WayUp) => way.right === width - 1 },
  ];
  for (const { regions, column, runsOffIt } of options.offTheSide ? sides : []) {
    const down = Math.max(
      -1,
      ...ways
        .filter((way) => runsOffIt(way) && !crossed(support, column, 0, way.y, options))
        .map((way) => way.y),
    );
    for (const region of regions) if ((graph.centre[region * 2 + 1] ?? 0) <= down) runOff.add(region);
  }
  return runOff;
}

/**
 * Above a point of a stroke (at height `y`) whose way up is open: where the unit's side on its left and on its
 * right lie along the top row, 0 or the last column where there is none before the photo's own edge, undefined
 * where none is near.
 */
interface WayUp {
  readonly y: number;
  readonly left: number | undefined;
  readonly right: number | undefined;
}

/** Along one stroke, every `spacing`, the ways up that no line crosses. */
function openWaysUp(support: LineSupport, points: readonly number[], options: TopRunOffOptions): WayUp[] {
  const { width, height } = support;
  const longSide = Math.max(width, height);
  const spacing = Math.max(1, Math.round(options.spacing * longSide));
  const widest = Math.round(options.widest * longSide);
  const looked: number[] = [];
  forEachPathPixel(points, width, height, (pixel) => {
    looked.push(pixel);
  });
  const ways: WayUp[] = [];
  for (let at = 0; at < looked.length; at += spacing) {
    const pixel = looked[at] ?? 0;
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    // From a few pixels above the stroke, which may lie on a gap or a handle.
    if (crossed(support, x, 0, y - 3, options)) continue;
    const side = (step: -1 | 1) => {
      for (let sx = x; Math.abs(sx - x) <= widest; sx += step) {
        if (sx < 0 || sx >= width) return Math.min(width - 1, Math.max(0, sx));
        if (lineStrength(support, sx, TOP_ROW, 0, 1) >= options.side) return sx;
      }
      return undefined;
    };
    ways.push({ y, left: side(-1), right: side(1) });
  }
  return ways;
}

/** Whether a horizontal line at least `options.crossing` strong lies across column `x` between rows `from` and `to`. */
function crossed(
  support: LineSupport,
  x: number,
  from: number,
  to: number,
  options: TopRunOffOptions,
): boolean {
  for (let y = Math.max(0, from); y <= to; y++)
    if (lineStrength(support, x, y, 1, 0) >= options.crossing) return true;
  return false;
}
