// Keep beyond a counter's own edges (issue 32): a worktop stroke runs along a counter, and the counter's front and
// back edges run along the stroke, straight and long, however faint (a white worktop under a white splashback).
// Looking outward from the stroke on both sides, the first such edge bounds the counter there, and just beyond it
// keep gets a seed of its own, so the worktop's growth stops at that edge instead of climbing the wall behind.
export interface CounterEdgeOptions {
  /** How far from the stroke to look for the counter's edge, as a share of the picture's long side. */
  readonly reach: number;
  /**
   * How far beyond the edge found the seeds are laid, as a share of the long side, and never less than a
   * superpixel's side (one straddling a faint edge would carry keep onto the counter).
   */
  readonly beyond: number;
  /** How much stronger than the counter's own surface, between the stroke and it, an edge must be to count. */
  readonly contrast: number;
  /** The least baseline, as a share of the median edge strength over the whole look. */
  readonly floor: number;
  /**
   * How far the seeds run on past the stroke's ends, as a share of its length: the wall behind a hob between two
   * counters is the same wall.
   */
  readonly extend: number;
  /**
   * How strong the edge must show within a couple of pixels of where it was found, beside each seed, as a share of
   * its mean along the stroke: where a vase or a coffee machine against the splashback hides the edge, a seed would
   * land on it and keep would take the counter before it (D137). A seed goes only where the edge it stands for is.
   */
  readonly present: number;
}

export const DEFAULT_COUNTER_EDGES: CounterEdgeOptions = {
  reach: 0.08,
  beyond: 0.03,
  contrast: 2,
  floor: 0.8,
  extend: 0.5,
  present: 0.5,
};

/** Samples along a stroke's chord, every SPACING pixels. */
const SPACING = 3;
/** How far across the chord, in pixels, the edge may wander from its mean offset (a stroke is not ruled). */
const EDGE_SLACK = 2;

/**
 * The pixels just beyond each side's counter edge for every stroke (x, y pairs, from the stroke's first point to
 * its last), found on `edges` (one strength a pixel).
 */
export function beyondCounterEdges(
  edges: Float32Array,
  width: number,
  height: number,
  strokes: readonly (readonly number[])[],
  superpixelSide: number,
  options = DEFAULT_COUNTER_EDGES,
): number[] {
  const longSide = Math.max(width, height);
  const reach = Math.max(4, Math.round(options.reach * longSide));
  const beyond = Math.max(3, Math.round(superpixelSide), Math.round(options.beyond * longSide));
  const pixels: number[] = [];
  // A seed this near another worktop stroke is on that stroke's counter (an island's back edge looks onto the
  // wall run's counter behind it): never keep's.
  const clear = 2 * superpixelSide;
  const nearAnother = (x: number, y: number, own: readonly number[]) =>
    strokes.some((other) => other !== own && distanceToPolyline(x, y, other) < clear);
  for (const points of strokes) {
    if (points.length < 4) continue;
    const [x0 = 0, y0 = 0] = points;
    const x1 = points[points.length - 2] ?? x0;
    const y1 = points[points.length - 1] ?? y0;
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length < 8 * SPACING) continue;
    const [ux, uy] = [(x1 - x0) / length, (y1 - y0) / length];
    const along = Array.from({ length: Math.floor(length / SPACING) + 1 }, (_, i) => i * SPACING);
    // The mean edge strength along the stroke's chord moved `offset` pixels across it (negative: the other side).
    const profile = (offset: number) => {
      let sum = 0;
      let samples = 0;
      for (const t of along) {
        const x = Math.round(x0 + ux * t - uy * offset);
        const y = Math.round(y0 + uy * t + ux * offset);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        sum += edges[y * width + x] ?? 0;
        samples++;
      }
      return samples > along.length / 2 ? sum / samples : 0;
    };
    for (const side of [1, -1]) {
      const strengths = Array.from({ length: reach + 1 }, (_, offset) => profile(side * offset));
      const median = [...strengths].sort((a, b) => a - b)[Math.floor(strengths.length / 2)] ?? 0;
      // The counter's own surface between the stroke and a candidate edge is the baseline: a tiled splashback
      // beyond the edge is as busy as the edge itself, so the whole look's median hid it (D120). Never below a
      // share of that median, or a grain or reflection on a smooth counter would count.
      const nearMedian = (offset: number) =>
        [...strengths.slice(0, offset)].sort((a, b) => a - b)[offset >> 1] ?? 0;
      const edgeAt = strengths.findIndex(
        (strength, offset) =>
          offset >= 2 &&
          strength >= options.contrast * Math.max(nearMedian(offset), options.floor * median) &&
          strength > 0 &&
          strength >= (strengths[offset - 1] ?? 0) &&
          strength >= (strengths[offset + 1] ?? 0),
      );
      if (edgeAt < 0) continue;
      const offset = side * (edgeAt + beyond);
      const past = options.extend * length;
      const least = options.present * (strengths[edgeAt] ?? 0);
      // The strongest edge pixel within EDGE_SLACK of the edge's offset, across the chord at `t`.
      const edgeAcross = (t: number) => {
        let strongest = 0;
        for (let across = edgeAt - EDGE_SLACK; across <= edgeAt + EDGE_SLACK; across++) {
          const x = Math.round(x0 + ux * t - uy * side * across);
          const y = Math.round(y0 + uy * t + ux * side * across);
          if (x >= 0 && y >= 0 && x < width && y < height)
            strongest = Math.max(strongest, edges[y * width + x] ?? 0);
        }
        return strongest;
      };
      for (let t = -past; t <= length + past; t += SPACING) {
        const x = Math.round(x0 + ux * t - uy * offset);
        const y = Math.round(y0 + uy * t + ux * offset);
        if (x < 0 || y < 0 || x >= width || y >= height || nearAnother(x, y, points)) continue;
        if (edgeAcross(t) >= least) pixels.push(y * width + x);
      }
    }
  }
  return pixels;
}

/** The distance from (x, y) to the polyline through `points` (x, y pairs). */
function distanceToPolyline(x: number, y: number, points: readonly number[]): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 3 < points.length || i === 0; i += 2) {
    const ax = points[i] ?? 0;
    const ay = points[i + 1] ?? 0;
    const bx = points[i + 2] ?? ax;
    const by = points[i + 3] ?? ay;
    const length = (bx - ax) ** 2 + (by - ay) ** 2;
    const t =
      length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length));
    nearest = Math.min(nearest, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
    if (i + 3 >= points.length) break;
  }
  return nearest;
}
