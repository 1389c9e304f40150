// Where a run of fronts or a counter runs off the photo (issue 32, D93, D98). The photo's edge seeds keep because
// ceilings, floors and walls run off it, but so do kitchens: base units off the bottom of most kitchen photos, a
// run of units or a counter off the side it heads for. There the edge is the run's, so against its brush it is no
// keep seed. Never the top edge: wall units reach the ceiling, and a white ceiling above white units would take
// the brush.
import type { RegionGraph } from './region-graph';

/** The superpixels that touch the picture's edge, and which of them touch its top and its bottom. */
export interface PhotoEdge {
  readonly all: readonly number[];
  readonly top: ReadonlySet<number>;
  readonly bottom: ReadonlySet<number>;
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
