// The worktop's plane in the photo: a quadrilateral fitted to the worktop's mask, and the homography that takes
// the photo's pixels to metres on the counter. One plane for the whole mask: right for a straight run, an
// approximation for an L or an island seen together.

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
 * the eye seen from about 2 m): the quad's sides are divided by it to estimate the run's length.
 */
const DEPTH_FORESHORTENING = 0.3;
const RUN_METRES = { min: 0.6, max: 6 };

/**
 * The quadrilateral of the mask's extreme corners: the pixels furthest along each diagonal. A counter seen from
 * the front is a trapezoid (its back edge shorter), whose corners are exactly these.
 */
export function fitQuad(mask: Uint8Array, width: number): Quad | null {
  const height = mask.length / width;
  const best = [
    { score: Infinity, x: 0, y: 0 }, // back-left: least x + y
    { score: -Infinity, x: 0, y: 0 }, // back-right: most x - y
    { score: -Infinity, x: 0, y: 0 }, // front-right: most x + y
    { score: Infinity, x: 0, y: 0 }, // front-left: least x - y
  ];
  let found = false;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((mask[y * width + x] ?? 0) < 128) continue;
      found = true;
      const [backLeft, backRight, frontRight, frontLeft] = best as [
        (typeof best)[0],
        (typeof best)[0],
        (typeof best)[0],
        (typeof best)[0],
      ];
      if (x + y < backLeft.score) Object.assign(backLeft, { score: x + y, x, y });
      if (x - y > backRight.score) Object.assign(backRight, { score: x - y, x, y });
      if (x + y > frontRight.score) Object.assign(frontRight, { score: x + y, x, y });
      if (x - y < frontLeft.score) Object.assign(frontLeft, { score: x - y, x, y });
    }
  }
  if (!found) return null;
  return best.map(({ x, y }) => ({ x: x + 0.5, y: y + 0.5 })) as Quad;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

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
  const deep = (distance(backLeft, frontLeft) + distance(backRight, frontRight)) / 2;
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
