import { boxBlur } from './float-channels';
import { luminanceOf, SRGB_TO_LINEAR } from './linear-light';

// The photo's light on a surface, which the new look is multiplied by: luminance relative to the surface's
// median, so a pixel as bright as the typical one keeps the chosen colour exactly and shadows, panel lines and
// gaps scale it down.

/** Linear luminance of RGB bytes, where `wanted` is not 0 (0 elsewhere). */
export function luminancePlane(pixels: Uint8Array, wanted: Float32Array): Float32Array {
  const plane = new Float32Array(pixels.length / 3);
  for (let pixel = 0; pixel < plane.length; pixel += 1) {
    if ((wanted[pixel] ?? 0) === 0) continue;
    const at = pixel * 3;
    plane[pixel] = luminanceOf(
      SRGB_TO_LINEAR[pixels[at] ?? 0] ?? 0,
      SRGB_TO_LINEAR[pixels[at + 1] ?? 0] ?? 0,
      SRGB_TO_LINEAR[pixels[at + 2] ?? 0] ?? 0,
    );
  }
  return plane;
}

/** A plane's value between four cells, `fx` of the way across and `fy` down. */
function bilinear(plane: Float32Array, a: number, b: number, c: number, d: number, fx: number, fy: number) {
  const topLeft = plane[a] ?? 0;
  const bottomLeft = plane[c] ?? 0;
  const top = topLeft + ((plane[b] ?? 0) - topLeft) * fx;
  const bottom = bottomLeft + ((plane[d] ?? 0) - bottomLeft) * fx;
  return top + (bottom - top) * fy;
}

/** Blocks per blur radius: coarse enough to be cheap at 12 MP, fine enough that a handle still stands out. */
const BLOCKS_PER_RADIUS = 4;

/** For each pixel position along a side, its block, and its place between the centres of two blocks. */
function blockAxis(length: number, factor: number) {
  const blocks = Math.ceil(length / factor);
  const block = new Int32Array(length);
  const low = new Int32Array(length);
  const high = new Int32Array(length);
  const fraction = new Float32Array(length);
  for (let at = 0; at < length; at += 1) {
    block[at] = Math.floor(at / factor);
    const position = Math.min(blocks - 1, Math.max(0, (at + 0.5) / factor - 0.5));
    const lower = Math.floor(position);
    low[at] = lower;
    high[at] = Math.min(blocks - 1, lower + 1);
    fraction[at] = position - lower;
  }
  return { blocks, block, low, high, fraction };
}

/**
 * The mean of `values` over the surface (`core` = 1) within about `radius` of each pixel where `wanted` is not
 * 0 (0 elsewhere, and where no surface is near). Worked out on blocks of a quarter of the radius and read back
 * by bilinear interpolation: the same picture at a fraction of the cost. Sums and counts are interpolated apart
 * and divided at full size, so a block half off the surface still gives the surface's own mean, not one pulled
 * towards zero.
 */
export function surfaceMean(
  values: Float32Array,
  core: Float32Array,
  wanted: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const factor = Math.max(1, Math.floor(radius / BLOCKS_PER_RADIUS));
  const across = blockAxis(width, factor);
  const down = blockAxis(height, factor);
  const columns = across.blocks;
  let sums: Float32Array = new Float32Array(columns * down.blocks);
  let counts: Float32Array = new Float32Array(columns * down.blocks);
  for (let y = 0; y < height; y += 1) {
    const row = (down.block[y] ?? 0) * columns;
    for (let x = 0; x < width; x += 1) {
      const weight = core[y * width + x] ?? 0;
      if (weight === 0) continue;
      const cell = row + (across.block[x] ?? 0);
      sums[cell] = (sums[cell] ?? 0) + (values[y * width + x] ?? 0) * weight;
      counts[cell] = (counts[cell] ?? 0) + weight;
    }
  }
  const blockRadius = Math.max(1, Math.round(radius / factor));
  sums = boxBlur(sums, columns, down.blocks, blockRadius);
  counts = boxBlur(counts, columns, down.blocks, blockRadius);
  const mean = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const upper = (down.low[y] ?? 0) * columns;
    const lower = (down.high[y] ?? 0) * columns;
    const fy = down.fraction[y] ?? 0;
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      if ((wanted[index] ?? 0) === 0) continue;
      const left = across.low[x] ?? 0;
      const right = across.high[x] ?? 0;
      const fx = across.fraction[x] ?? 0;
      const count = bilinear(counts, upper + left, upper + right, lower + left, lower + right, fx, fy);
      if (count <= 1e-6) continue;
      const sum = bilinear(sums, upper + left, upper + right, lower + left, lower + right, fx, fy);
      mean[index] = sum / count;
    }
  }
  return mean;
}

/** Relative shading is read up to this many times the median; brighter is a light source, clipped. */
const MAX_SHADING = 8;
const SHADING_STEPS = 4096;

/** `shading ** exponent` by table: a power per pixel of a 12 MP photo costs more than the rest of the recolour. */
export function shadingCurve(exponent: number): (shading: number) => number {
  const table = new Float32Array(SHADING_STEPS + 1);
  for (let step = 0; step <= SHADING_STEPS; step += 1)
    table[step] = ((step / SHADING_STEPS) * MAX_SHADING) ** exponent;
  return (shading) => {
    const position = (Math.min(MAX_SHADING, Math.max(0, shading)) / MAX_SHADING) * SHADING_STEPS;
    const below = Math.floor(position);
    const low = table[below] ?? 0;
    return low + ((table[below + 1] ?? low) - low) * (position - below);
  };
}

/**
 * `plane` with its fine noise smoothed and its edges kept: a guided filter guided by the plane itself. Within a
 * (2 × radius + 1)² window, variation well under `noise` (in the plane's units) is averaged away, while a step
 * much larger (a gap between doors, a panel's edge) stays as sharp as it was.
 */
export function withoutFineNoise(
  plane: Float32Array,
  width: number,
  height: number,
  radius: number,
  noise: number,
): Float32Array {
  const squares = new Float32Array(plane.length);
  for (let index = 0; index < plane.length; index += 1) squares[index] = (plane[index] ?? 0) ** 2;
  const mean = boxBlur(plane, width, height, radius);
  const meanOfSquares = boxBlur(squares, width, height, radius);
  const gain = new Float32Array(plane.length);
  const offset = new Float32Array(plane.length);
  const floor = noise * noise;
  for (let index = 0; index < plane.length; index += 1) {
    const average = mean[index] ?? 0;
    const variance = Math.max(0, (meanOfSquares[index] ?? 0) - average * average);
    const share = variance / (variance + floor);
    gain[index] = share;
    offset[index] = average * (1 - share);
  }
  const meanGain = boxBlur(gain, width, height, radius);
  const meanOffset = boxBlur(offset, width, height, radius);
  const smoothed = new Float32Array(plane.length);
  for (let index = 0; index < plane.length; index += 1)
    smoothed[index] = (meanGain[index] ?? 0) * (plane[index] ?? 0) + (meanOffset[index] ?? 0);
  return smoothed;
}
