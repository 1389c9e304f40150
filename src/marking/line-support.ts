// How strongly each pixel lies on a straight edge (issue 32, "edges that look made"). A kitchen's outlines are
// straight: a door's top, a worktop's front and back. The plain colour gradient is as strong on a speckle of
// granite or a panel's bevel as on an outline; averaging it along the edge's own direction keeps what runs on in a
// line and lets what does not fade, so a border moved to the strongest edge nearby lands on an outline.
//
// Only the pixels near a border between labels ever need it, so the photo's open computes the colour gradient's
// structure tensor (cheap) and each mark averages along the edges only for the pixels of its band that no earlier
// mark did (`supportIn`): the first mark pays for its band, later marks mostly read what is kept.
import type { LabPicture } from './pixels';

/** How far along the edge each side the gradient is averaged (DESIGN: about 0.5% of 1200 px). */
const REACH = 6;
/** Strength to level: a ΔE of 1 a pixel is 6 levels, so 42 ΔE and stronger saturate the 255 levels. */
const LEVELS_PER_DELTA_E = 6;

export interface LineSupport {
  readonly width: number;
  readonly height: number;
  /** The colour structure tensor (summed over L, a, b) of each pixel. */
  readonly xx: Float32Array;
  readonly xy: Float32Array;
  readonly yy: Float32Array;
  /** One level (0-255) a pixel, valid where `known` is 1. */
  readonly levels: Uint8Array;
  readonly known: Uint8Array;
}

/** The colour gradient's structure tensor of every pixel: what `supportIn` averages along the edges. */
export function prepareLineSupport({ width, height, lab }: LabPicture): LineSupport {
  const count = width * height;
  const xx = new Float32Array(count);
  const xy = new Float32Array(count);
  const yy = new Float32Array(count);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const left = (y * width + Math.max(0, x - 1)) * 3;
      const right = (y * width + Math.min(width - 1, x + 1)) * 3;
      const above = (up + x) * 3;
      const below = (down + x) * 3;
      let sxx = 0;
      let sxy = 0;
      let syy = 0;
      for (let channel = 0; channel < 3; channel++) {
        const dx = ((lab[right + channel] ?? 0) - (lab[left + channel] ?? 0)) / 2;
        const dy = ((lab[below + channel] ?? 0) - (lab[above + channel] ?? 0)) / 2;
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
      }
      const pixel = y * width + x;
      xx[pixel] = sxx;
      xy[pixel] = sxy;
      yy[pixel] = syy;
    }
  }
  return { width, height, xx, xy, yy, levels: new Uint8Array(count), known: new Uint8Array(count) };
}

/**
 * The straight-edge levels, filled in for every pixel where `wanted` is 1 (and kept for later marks): the gradient
 * across the pixel's local edge direction, averaged over REACH pixels each way along that direction.
 */
export function supportIn(support: LineSupport, wanted: Uint8Array): Uint8Array {
  const { width, height, levels, known } = support;
  for (let pixel = 0; pixel < wanted.length; pixel++) {
    if (wanted[pixel] === 0 || known[pixel] === 1) continue;
    levels[pixel] = levelAt(support, pixel % width, Math.floor(pixel / width), width, height);
    known[pixel] = 1;
  }
  return levels;
}

/** The colour gradient's strength at a pixel in the direction (dx, dy), a unit vector: ΔE a pixel. */
export function strengthAcross(support: LineSupport, x: number, y: number, dx: number, dy: number): number {
  const at = y * support.width + x;
  const { xx, xy, yy } = support;
  return Math.sqrt(
    Math.max(0, dx * dx * (xx[at] ?? 0) + 2 * dx * dy * (xy[at] ?? 0) + dy * dy * (yy[at] ?? 0)),
  );
}

/** How many pixels along a line `lineStrength` averages over, each way. */
const ALONG = 3;

/**
 * The strength of a line running along (ax, ay), a unit vector, through (x, y): the gradient across it, averaged
 * over ALONG pixels each way along it, so a line that runs on counts and a speck does not.
 */
export function lineStrength(support: LineSupport, x: number, y: number, ax: number, ay: number): number {
  const { width, height } = support;
  let sum = 0;
  let samples = 0;
  for (let step = -ALONG; step <= ALONG; step++) {
    const sx = Math.round(x + step * ax);
    const sy = Math.round(y + step * ay);
    if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
    sum += strengthAcross(support, sx, sy, -ay, ax);
    samples++;
  }
  return samples === 0 ? 0 : sum / samples;
}

/**
 * The normal to the edge at (x, y) (a unit vector): the main eigenvector of the tensor summed over a (2r + 1)²
 * window, so one noisy pixel does not turn it.
 */
export function edgeNormal(
  { width, height, xx, xy, yy }: LineSupport,
  x: number,
  y: number,
  radius: number,
): [number, number] {
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let ny = Math.max(0, y - radius); ny <= Math.min(height - 1, y + radius); ny++) {
    for (let nx = Math.max(0, x - radius); nx <= Math.min(width - 1, x + radius); nx++) {
      const at = ny * width + nx;
      sxx += xx[at] ?? 0;
      sxy += xy[at] ?? 0;
      syy += yy[at] ?? 0;
    }
  }
  // Written two ways so that neither cancels: (half + r, xy) and (xy, r - half) are the same direction.
  const half = (sxx - syy) / 2;
  const root = Math.sqrt(half * half + sxy * sxy);
  const nx = half >= 0 ? half + root : sxy;
  const ny = half >= 0 ? sxy : root - half;
  const norm = Math.sqrt(nx * nx + ny * ny);
  return norm === 0 ? [1, 0] : [nx / norm, ny / norm];
}

function levelAt(support: LineSupport, x: number, y: number, width: number, height: number): number {
  const { xx, xy, yy } = support;
  // The edge runs along (-ny, nx).
  const [nx, ny] = edgeNormal(support, x, y, 1);
  const a = nx * nx;
  const b = 2 * nx * ny;
  const c = ny * ny;
  let sum = 0;
  let samples = 0;
  for (let step = -REACH; step <= REACH; step++) {
    const sx = Math.round(x - step * ny);
    const sy = Math.round(y + step * nx);
    if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
    const at = sy * width + sx;
    // The gradient at the sample across this pixel's edge direction, not its own: a crossing line adds little.
    sum += Math.sqrt(Math.max(0, a * (xx[at] ?? 0) + b * (xy[at] ?? 0) + c * (yy[at] ?? 0)));
    samples++;
  }
  return Math.min(255, Math.round((sum / samples) * LEVELS_PER_DELTA_E));
}
