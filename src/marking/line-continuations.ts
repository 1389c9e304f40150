// Where a unit's side runs on unseen (issue 32, "kitchens are made of straight lines"). A tall unit's side is plain
// against a wall lit beside it, and vanishes where the wall falls into the unit's own shade: the photo shows the
// line where the light parts the two and nothing at all above, so the fronts crossed there at no cost and painted
// the wall. A person sees the line go on, straight, to the next edge it meets (the ceiling): so does this. Each
// straight segment found is followed on from each end across plain picture, if nothing lies across its end, up to
// the first edge; the brushes must cross the stretch followed as they would a clear edge (`withContinuations`).
// Unpainted keep crosses only what the photo shows, so a line can only hold a brush back, never hand keep a surface.
// Only near-vertical segments are followed on: an upright photo keeps the world's verticals vertical, and a unit's
// side is the line that vanishes against a wall; other lines run at any angle in perspective, and followed on they
// cut the brushes' own surfaces (an island top's front edge, followed on, across the island's end panel).
import type { LineSupport } from './line-support';
import type { RegionGraph } from './region-graph';
import { forEachPathPixel } from './stroke-seeds';

export interface ContinuationOptions {
  /** A pixel is on an edge from this colour gradient (ΔE a pixel). */
  readonly edge: number;
  /** A pixel is plain below this gradient, across the way followed and one pixel each side. */
  readonly plain: number;
  /** The most a segment's pixels turn from its own direction, in degrees. */
  readonly turn: number;
  /** The shortest segment followed on, as a share of the picture's long side. */
  readonly shortest: number;
  /** How far a segment is followed on, as a multiple of its own length. */
  readonly runsOn: number;
  /** The least stretch of plain picture worth a line (pixels): shorter ones the superpixels settle. */
  readonly least: number;
  /** How far into its segment a line reaches (pixels, about half a superpixel). */
  readonly overshoot: number;
  /** How strongly a line parts the superpixels either side, as a multiple of its segment's mean gradient. */
  readonly weight: number;
  /** The most a segment followed on leans from the vertical, in degrees. */
  readonly lean: number;
}

// Chosen on the tuning kitchens with natural strokes (D159).
export const DEFAULT_CONTINUATIONS: ContinuationOptions = {
  edge: 2.5,
  plain: 1.5,
  turn: 22.5,
  shortest: 0.05,
  runsOn: 1.5,
  least: 6,
  overshoot: 8,
  weight: 1.5,
  lean: 10,
};

/** The picture's edges as the lines are found in: each pixel's gradient strength and direction. */
export interface EdgeMap {
  readonly width: number;
  readonly height: number;
  /** The colour gradient's strength (ΔE a pixel, `edgeStrength`). */
  readonly edges: Float32Array;
  /** Its direction (radians, modulo π) where it is an edge (`gradientDirections`). */
  readonly normal: Float32Array;
}

/** A straight stretch of picture, and the strength the growth gives it (ΔE a pixel, as `edgeStrength`). */
export interface LineStretch {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly strength: number;
}

/**
 * The straight segments of the picture's edges that stand near upright (the only ones followed on): pixels on an
 * edge grown into regions whose gradients point the same way (within `turn`), each region's main axis its line,
 * kept if it is at least `shortest` long and thin.
 */
export function straightSegments(map: EdgeMap, options = DEFAULT_CONTINUATIONS): LineStretch[] {
  const { width, height, edges, normal } = map;
  const count = width * height;
  const shortest = options.shortest * Math.max(width, height);
  const turn = (options.turn * Math.PI) / 180;
  // A region's pixels lie within `turn` of its mean, which a segment followed on has within `lean` of across.
  const upright = ((options.lean + options.turn) * Math.PI) / 180;
  const candidate = (pixel: number) =>
    (edges[pixel] ?? 0) >= options.edge && angleBetween(normal[pixel] ?? 0, 0) <= upright;
  const strongest = strongestFirst(edges, candidate);
  const used = new Uint8Array(count);
  const region: number[] = [];
  const segments: LineStretch[] = [];
  for (const seed of strongest) {
    if (used[seed] === 1) continue;
    // Grown by the doubled angle, so directions modulo π average.
    let c = Math.cos(2 * (normal[seed] ?? 0));
    let s = Math.sin(2 * (normal[seed] ?? 0));
    region.length = 0;
    region.push(seed);
    used[seed] = 1;
    for (let next = 0; next < region.length; next++) {
      const pixel = region[next] ?? 0;
      const x = pixel % width;
      const y = (pixel - x) / width;
      const mean = Math.atan2(s, c) / 2;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const other = ny * width + nx;
          if (used[other] === 1 || !candidate(other)) continue;
          if (angleBetween(normal[other] ?? 0, mean) > turn) continue;
          used[other] = 1;
          region.push(other);
          const strength = edges[other] ?? 0;
          c += strength * Math.cos(2 * (normal[other] ?? 0));
          s += strength * Math.sin(2 * (normal[other] ?? 0));
        }
    }
    if (region.length < shortest) continue;
    const segment = mainAxis(region, width, edges);
    if (segment && Math.hypot(segment.x1 - segment.x0, segment.y1 - segment.y0) >= shortest)
      segments.push(segment);
  }
  return segments;
}

/**
 * Each segment followed on from both ends across plain picture to the first edge on its way, at most `runsOn`
 * times its own length: the stretches followed, as strong as their segment. A way that leaves the picture or meets
 * no edge is no line (nothing closes it).
 */
export function continuations(
  map: EdgeMap,
  segments: readonly LineStretch[],
  options = DEFAULT_CONTINUATIONS,
): LineStretch[] {
  const found: LineStretch[] = [];
  const lean = Math.sin((options.lean * Math.PI) / 180);
  for (const segment of segments) {
    const length = Math.hypot(segment.x1 - segment.x0, segment.y1 - segment.y0);
    const ux = (segment.x1 - segment.x0) / length;
    const uy = (segment.y1 - segment.y0) / length;
    if (Math.abs(ux) > lean) continue;
    // The direction of the segment's own gradient: across it.
    const own = Math.atan2(ux, -uy);
    for (const [fromX, fromY, sign] of [
      [segment.x1, segment.y1, 1],
      [segment.x0, segment.y0, -1],
    ] as const) {
      const way = { x: fromX, y: fromY, ux: sign * ux, uy: sign * uy, own };
      const end = followOn(map, way, length * options.runsOn, options);
      // Half a superpixel into the segment, for the pairs of superpixels whose centres straddle the join; not
      // past the edge met, whose superpixels follow it (past it lies what the line runs into: a counter's top).
      if (end)
        found.push({
          x0: fromX - sign * ux * options.overshoot,
          y0: fromY - sign * uy * options.overshoot,
          x1: end[0],
          y1: end[1],
          strength: segment.strength * options.weight,
        });
    }
  }
  return found;
}

/**
 * The graph with the continuations as edges the brushes see (`brushBorder`): a pair of neighbours whose centres lie
 * either side of one is parted by it at least as strongly as its weighted segment says.
 */
export function withContinuations(
  graph: RegionGraph,
  labels: Int32Array,
  width: number,
  lines: readonly LineStretch[],
): RegionGraph {
  const border = (graph.brushBorder ?? graph.border).slice();
  const { centre, start, neighbours } = graph;
  const height = labels.length / width;
  const near = new Set<number>();
  for (const line of lines) {
    near.clear();
    forEachPathPixel([line.x0, line.y0, line.x1, line.y1], width, height, (pixel) => {
      near.add(labels[pixel] ?? 0);
    });
    for (const region of near)
      for (let at = start[region] ?? 0, end = start[region + 1] ?? 0; at < end; at++) {
        const other = neighbours[at] ?? 0;
        const parted = crosses(
          line,
          centre[region * 2] ?? 0,
          centre[region * 2 + 1] ?? 0,
          centre[other * 2] ?? 0,
          centre[other * 2 + 1] ?? 0,
        );
        if (!parted) continue;
        border[at] = Math.max(border[at] ?? 0, line.strength);
        // The same pair seen from the other side.
        for (let back = start[other] ?? 0, last = start[other + 1] ?? 0; back < last; back++)
          if (neighbours[back] === region) border[back] = Math.max(border[back] ?? 0, line.strength);
      }
  }
  return { ...graph, brushBorder: border };
}

/**
 * The colour gradient's direction (radians, modulo π, from its structure tensor) at each pixel on an edge (`edges`
 * at least `least`): only those are ever asked.
 */
export function gradientDirections(
  { xx, xy, yy }: LineSupport,
  edges: Float32Array,
  least: number,
): Float32Array {
  const direction = new Float32Array(xx.length);
  for (let pixel = 0; pixel < xx.length; pixel++)
    if ((edges[pixel] ?? 0) >= least)
      direction[pixel] = Math.atan2(2 * (xy[pixel] ?? 0), (xx[pixel] ?? 0) - (yy[pixel] ?? 0)) / 2;
  return direction;
}

/** The `candidate` pixels, strongest first (bucketed by a tenth of ΔE: the order within a bucket does not matter). */
function strongestFirst(edges: Float32Array, candidate: (pixel: number) => boolean): Int32Array {
  const buckets = new Map<number, number[]>();
  for (let pixel = 0; pixel < edges.length; pixel++) {
    if (!candidate(pixel)) continue;
    const strength = edges[pixel] ?? 0;
    const key = Math.round(strength * 10);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(pixel);
    else buckets.set(key, [pixel]);
  }
  const order = [...buckets.keys()].sort((a, b) => b - a);
  const out = new Int32Array([...buckets.values()].reduce((sum, bucket) => sum + bucket.length, 0));
  let at = 0;
  for (const key of order) for (const pixel of buckets.get(key) ?? []) out[at++] = pixel;
  return out;
}

function angleBetween(one: number, other: number): number {
  const difference = Math.abs(one - other) % Math.PI;
  return Math.min(difference, Math.PI - difference);
}

/** A region's line: its main axis through its strength-weighted centre, as long as the region runs along it. */
function mainAxis(region: readonly number[], width: number, edges: Float32Array): LineStretch | undefined {
  let weight = 0;
  let mx = 0;
  let my = 0;
  for (const pixel of region) {
    const w = edges[pixel] ?? 0;
    weight += w;
    mx += w * (pixel % width);
    my += w * Math.floor(pixel / width);
  }
  mx /= weight;
  my /= weight;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const pixel of region) {
    const w = edges[pixel] ?? 0;
    const dx = (pixel % width) - mx;
    const dy = Math.floor(pixel / width) - my;
    sxx += w * dx * dx;
    sxy += w * dx * dy;
    syy += w * dy * dy;
  }
  const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let across = 0;
  for (const pixel of region) {
    const dx = (pixel % width) - mx;
    const dy = Math.floor(pixel / width) - my;
    const along = dx * ux + dy * uy;
    low = Math.min(low, along);
    high = Math.max(high, along);
    across = Math.max(across, Math.abs(-dx * uy + dy * ux));
  }
  // A line is thin: a blob of texture whose pixels happen to point one way is not.
  if (across > Math.max(3, (high - low) * 0.08)) return undefined;
  return {
    x0: mx + ux * low,
    y0: my + uy * low,
    x1: mx + ux * high,
    y1: my + uy * high,
    strength: weight / region.length,
  };
}

/** Where a segment is followed on from: its end, the way out (a unit vector), and its gradient's direction. */
interface Way {
  readonly x: number;
  readonly y: number;
  readonly ux: number;
  readonly uy: number;
  readonly own: number;
}

/**
 * Where `way` meets the first edge, if one lies within `furthest`, the way there is plain on the whole (its mean
 * gradient under `plain`: a shade's soft pixels may lie on it, a texture may not) and at least `least` long. The
 * segment's own fading last pixels are stepped off first; a segment that ends at an edge across it (a ceiling's
 * slat at the wall) ends there and runs on nowhere.
 */
function followOn(
  { width, height, edges, normal }: EdgeMap,
  { x, y, ux, uy, own }: Way,
  furthest: number,
  options: ContinuationOptions,
): [number, number] | undefined {
  const turn = (options.turn * Math.PI) / 180;
  // The strongest gradient across the way at t, and whether it points as the segment's own does.
  const at = (t: number): [number, boolean] | undefined => {
    let most = 0;
    let alike = true;
    for (const side of [-1, 0, 1]) {
      const px = Math.round(x + ux * t - uy * side);
      const py = Math.round(y + uy * t + ux * side);
      if (px < 0 || py < 0 || px >= width || py >= height) return undefined;
      const gradient = edges[py * width + px] ?? 0;
      if (gradient <= most) continue;
      most = gradient;
      alike = angleBetween(normal[py * width + px] ?? 0, own) <= turn;
    }
    return [most, alike];
  };
  let first = 1;
  for (; first <= options.least; first++) {
    const here = at(first);
    if (!here) return undefined;
    if (here[0] < options.plain) break;
    if (here[0] >= options.edge && !here[1]) return undefined;
  }
  let sum = 0;
  for (let t = first; t <= furthest; t++) {
    const here = at(t);
    if (!here) return undefined;
    if (here[0] < options.edge) {
      sum += here[0];
      continue;
    }
    const walked = t - first;
    if (walked < options.least || sum / walked >= options.plain) return undefined;
    return [x + ux * t, y + uy * t];
  }
  return undefined;
}

/** Whether the segment from (ax, ay) to (bx, by) crosses `line`. */
function crosses(line: LineStretch, ax: number, ay: number, bx: number, by: number): boolean {
  const side = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    (qx - px) * (ry - py) - (qy - py) * (rx - px);
  return (
    side(line.x0, line.y0, line.x1, line.y1, ax, ay) * side(line.x0, line.y0, line.x1, line.y1, bx, by) < 0 &&
    side(ax, ay, bx, by, line.x0, line.y0) * side(ax, ay, bx, by, line.x1, line.y1) < 0
  );
}
