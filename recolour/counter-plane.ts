// The worktop's plane in the photo: a quadrilateral fitted to each separate piece of the worktop's mask, and the
// homography that takes the photo's pixels to metres on that counter. One plane a piece: right for a straight
// run or an island, an approximation for an L. An island and the run behind it are fitted apart: one quad round
// both would take them for one 0.62 m deep counter and squash the material's pattern into stripes.

import { type Box, patchesOf } from './float-channels';

export interface Point {
  x: number;
  y: number;
}

/** Back-left, back-right, front-right, front-left, as seen in the photo. */
export type Quad = [Point, Point, Point, Point];

/** A counter's depth, front edge to wall: the one real size the texture's scale is set by. */
export const COUNTER_DEPTH_METRES = 0.62;
/**
 * A counter's depth looks this much shorter than its length from a standing viewpoint (a worktop 0.5 m below
 * the eye seen from about 2 m): the depth seen, over this, is how long a run as long as the counter is deep
 * looks, which turns the run's length in the picture into metres.
 */
const DEPTH_FORESHORTENING = 0.3;
const RUN_METRES = { min: 0.6, max: 6 };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The convex hull of the mask's pixels (at or above 128), clockwise on screen, from each row's two ends. */
function hullOf(mask: Uint8Array, width: number): Point[] {
  const height = mask.length / width;
  const ends: Point[] = [];
  for (let y = 0; y < height; y += 1) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if ((mask[y * width + x] ?? 0) < 128) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    ends.push({ x: first + 0.5, y: y + 0.5 }, { x: last + 0.5, y: y + 0.5 });
  }
  ends.sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const chain = (points: Point[]) => {
    const kept: Point[] = [];
    for (const point of points) {
      while (
        kept.length >= 2 &&
        cross(kept[kept.length - 2] as Point, kept[kept.length - 1] as Point, point) <= 0
      )
        kept.pop();
      kept.push(point);
    }
    return kept.slice(0, -1);
  };
  return [...chain(ends), ...chain([...ends].reverse())];
}

/** The hull cut down to four corners, each time dropping the corner whose triangle with its neighbours is least. */
function fourCorners(hull: Point[]): Point[] {
  const corners = [...hull];
  const triangle = (index: number) => {
    const a = corners[(index + corners.length - 1) % corners.length] as Point;
    const b = corners[index] as Point;
    const c = corners[(index + 1) % corners.length] as Point;
    return Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
  };
  while (corners.length > 4) {
    let least = 0;
    for (let index = 1; index < corners.length; index += 1)
      if (triangle(index) < triangle(least)) least = index;
    corners.splice(least, 1);
  }
  return corners;
}

/**
 * The quadrilateral that best fits the mask: its convex hull cut down to four corners. The pair of opposite
 * sides that is longer in the picture runs along the counter (its depth is foreshortened); of those, the higher
 * one is the back edge.
 */
export function fitQuad(mask: Uint8Array, width: number): Quad | null {
  const corners = fourCorners(hullOf(mask, width));
  if (corners.length < 4) return null;
  const side = (index: number) => distance(corners[index] as Point, corners[(index + 1) % 4] as Point);
  // Sides 0 and 2 or sides 1 and 3 run along the counter.
  const start = side(0) + side(2) >= side(1) + side(3) ? 0 : 1;
  const along = [start, start + 2].map(
    (index) => [corners[index % 4], corners[(index + 1) % 4]] as [Point, Point],
  );
  const meanY = ([a, b]: [Point, Point]) => a.y + b.y;
  const [back, front] = [...along].sort((a, b) => meanY(a) - meanY(b)) as [[Point, Point], [Point, Point]];
  const leftFirst = ([a, b]: [Point, Point]): [Point, Point] => (a.x <= b.x ? [a, b] : [b, a]);
  const [backLeft, backRight] = leftFirst(back);
  const [frontLeft, frontRight] = leftFirst(front);
  return [backLeft, backRight, frontRight, frontLeft];
}

/** Twice the quad's signed area: near 0 when its corners are (nearly) in a line, which no plane can be fitted to. */
function doubledArea(quad: Quad): number {
  let sum = 0;
  for (let index = 0; index < 4; index += 1) {
    const a = quad[index] as Point;
    const b = quad[(index + 1) % 4] as Point;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum;
}

/** Solves the 8 × 8 system of a homography by Gaussian elimination with partial pivoting. */
function solve(matrix: number[][], values: number[]): number[] | null {
  const size = values.length;
  const rows = matrix.map((row, index) => [...row, values[index] ?? 0]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1)
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    const pivotRow = rows[pivot] as number[];
    if (Math.abs(pivotRow[column] ?? 0) < 1e-12) return null;
    [rows[column], rows[pivot]] = [pivotRow, rows[column] as number[]];
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const current = rows[row] as number[];
      const factor = (current[column] ?? 0) / (pivotRow[column] ?? 1);
      for (let k = column; k <= size; k += 1) current[k] = (current[k] ?? 0) - factor * (pivotRow[k] ?? 0);
    }
  }
  return rows.map((row, index) => (row[size] ?? 0) / (row[index] ?? 1));
}

/** Maps a photo pixel to metres on the counter (across the run, from the back edge forwards) into `out`. */
export type CounterMapping = (x: number, y: number, out: Float64Array) => void;

/** The homography from the quad's corners to a rectangle of the counter's estimated size; null for a degenerate quad. */
export function counterMapping(quad: Quad): CounterMapping | null {
  if (Math.abs(doubledArea(quad)) < 16) return null;
  const [backLeft, backRight, frontRight, frontLeft] = quad;
  const across = (distance(backLeft, backRight) + distance(frontLeft, frontRight)) / 2;
  // The depth seen: how far the front edge's middle lies from the back edge's line (the sides of a tapering
  // piece are longer than its depth).
  const backLength = Math.max(1, distance(backLeft, backRight));
  const frontMiddle = { x: (frontLeft.x + frontRight.x) / 2, y: (frontLeft.y + frontRight.y) / 2 };
  const deep = Math.abs(
    ((backRight.x - backLeft.x) * (frontMiddle.y - backLeft.y) -
      (backRight.y - backLeft.y) * (frontMiddle.x - backLeft.x)) /
      backLength,
  );
  const depth = COUNTER_DEPTH_METRES;
  const run = Math.min(
    RUN_METRES.max,
    Math.max(RUN_METRES.min, (depth * DEPTH_FORESHORTENING * across) / Math.max(1, deep)),
  );
  const targets: Point[] = [
    { x: 0, y: 0 },
    { x: run, y: 0 },
    { x: run, y: depth },
    { x: 0, y: depth },
  ];
  const matrix: number[][] = [];
  const values: number[] = [];
  quad.forEach((source, index) => {
    const target = targets[index] as Point;
    matrix.push([source.x, source.y, 1, 0, 0, 0, -source.x * target.x, -source.y * target.x]);
    values.push(target.x);
    matrix.push([0, 0, 0, source.x, source.y, 1, -source.x * target.y, -source.y * target.y]);
    values.push(target.y);
  });
  const h = solve(matrix, values);
  if (!h) return null;
  const [a, b, c, d, e, f, g, k] = h as [number, number, number, number, number, number, number, number];
  return (x, y, out) => {
    const w = g * x + k * y + 1;
    out[0] = (a * x + b * y + c) / w;
    out[1] = (d * x + e * y + f) / w;
  };
}

/** A piece smaller than this share of the worktop takes the mapping of the largest piece. */
const SMALLEST_PIECE = 0.05;

/**
 * The counter mapping of each separate piece of the worktop's `core` (1 on the worktop), worked out on a plane
 * `factor` times coarser than the photo's `box`; the feathered rim round a piece (`alpha` above 0) takes its
 * piece's. `fallback` serves where no plane can be fitted. The mapping takes the photo's own coordinates.
 */
export function counterPieces(
  core: Float32Array,
  alpha: Float32Array,
  box: Box,
  fallback: CounterMapping,
  factor = 1,
): CounterMapping {
  const width = Math.ceil(box.width / factor);
  const height = Math.ceil(box.height / factor);
  const { labels, sizes } = patchesOf(core, width, height);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const largest = sizes.indexOf(Math.max(...sizes));
  const mappings = sizes.map((size, index): CounterMapping | null => {
    if (size < total * SMALLEST_PIECE) return null;
    const piece = new Uint8Array(labels.length);
    for (let pixel = 0; pixel < labels.length; pixel += 1)
      if (labels[pixel] === index + 1) piece[pixel] = 255;
    const quad = fitQuad(piece, width);
    const moved = quad?.map(({ x, y }) => ({ x: x * factor + box.left, y: y * factor + box.top })) as
      | Quad
      | undefined;
    return moved ? counterMapping(moved) : null;
  });
  const fitted = mappings.filter((mapping) => mapping !== null);
  const only = fitted.length === 1 ? fitted[0] : undefined;
  if (only || fitted.length === 0) return only ?? fallback;
  const owner = new Int32Array(labels.length);
  for (let pixel = 0; pixel < owner.length; pixel += 1) {
    const label = labels[pixel] ?? 0;
    owner[pixel] = label === 0 ? -1 : mappings[label - 1] ? label - 1 : largest;
  }
  // The rim outside the core takes a neighbouring piece's mapping: one sweep down the box taking it from the left
  // or above, one back up taking it from the right or below, which reaches every rim pixel a feather wide.
  for (let pixel = 0; pixel < owner.length; pixel += 1) {
    if (owner[pixel] !== -1 || (alpha[pixel] ?? 0) === 0) continue;
    const left = pixel % width > 0 ? (owner[pixel - 1] ?? -1) : -1;
    owner[pixel] = left >= 0 ? left : (owner[pixel - width] ?? -1);
  }
  for (let pixel = owner.length - 1; pixel >= 0; pixel -= 1) {
    if (owner[pixel] !== -1 || (alpha[pixel] ?? 0) === 0) continue;
    const right = pixel % width < width - 1 ? (owner[pixel + 1] ?? -1) : -1;
    owner[pixel] = right >= 0 ? right : (owner[pixel + width] ?? -1);
  }
  return (x, y, out) => {
    const column = Math.min(width - 1, Math.max(0, Math.floor((x - box.left) / factor)));
    const row = Math.min(height - 1, Math.max(0, Math.floor((y - box.top) / factor)));
    const piece = owner[row * width + column] ?? -1;
    (piece < 0 ? fallback : (mappings[piece] ?? fallback))(x, y, out);
  };
}
