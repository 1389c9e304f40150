import { luminanceOf, SRGB_TO_LINEAR } from './linear-light';
import { boxBlur } from './planes';

// The photo's light on a surface, which the new look is multiplied by: luminance relative to the surface's
// median, so a pixel as bright as the typical one keeps the chosen colour exactly and shadows, panel lines and
// gaps scale it down.

/** Linear luminance of RGB bytes. */
export function luminancePlane(pixels: Uint8Array): Float32Array {
  const plane = new Float32Array(pixels.length / 3);
  for (let pixel = 0; pixel < plane.length; pixel += 1) {
    const at = pixel * 3;
    plane[pixel] = luminanceOf(
      SRGB_TO_LINEAR[pixels[at] ?? 0] ?? 0,
      SRGB_TO_LINEAR[pixels[at + 1] ?? 0] ?? 0,
      SRGB_TO_LINEAR[pixels[at + 2] ?? 0] ?? 0,
    );
  }
  return plane;
}

/** Sums of `values` in `factor` × `factor` blocks (the last ones cut short by the edge). */
function blockSums(values: Float32Array, width: number, height: number, factor: number) {
  const columns = Math.ceil(width / factor);
  const rows = Math.ceil(height / factor);
  const sums = new Float32Array(columns * rows);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / factor) * columns;
    for (let x = 0; x < width; x += 1) {
      const cell = row + Math.floor(x / factor);
      sums[cell] = (sums[cell] ?? 0) + (values[y * width + x] ?? 0);
    }
  }
  return { sums, columns, rows };
}

/** A coarse plane read back at full size by bilinear interpolation between block centres. */
function upsample(
  coarse: Float32Array,
  columns: number,
  rows: number,
  factor: number,
  width: number,
  height: number,
) {
  const plane = new Float32Array(width * height);
  const xs = new Int32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const position = Math.min(columns - 1, Math.max(0, (x + 0.5) / factor - 0.5));
    xs[x] = Math.min(columns - 2, Math.floor(position));
    fxs[x] = position - (xs[x] ?? 0);
  }
  for (let y = 0; y < height; y += 1) {
    const position = Math.min(rows - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const top = Math.min(rows - 2, Math.floor(position));
    const fy = rows === 1 ? 0 : position - top;
    const upper = Math.max(0, top) * columns;
    const lower = Math.min(rows - 1, top + 1) * columns;
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, xs[x] ?? 0);
      const right = Math.min(columns - 1, left + 1);
      const fx = columns === 1 ? 0 : (fxs[x] ?? 0);
      const a = coarse[upper + left] ?? 0;
      const b = coarse[upper + right] ?? 0;
      const c = coarse[lower + left] ?? 0;
      const d = coarse[lower + right] ?? 0;
      plane[y * width + x] = (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
    }
  }
  return plane;
}

/** Blocks per blur radius: coarse enough to be cheap at 12 MP, fine enough that a handle still stands out. */
const BLOCKS_PER_RADIUS = 4;

/**
 * The mean of `values` over the surface (`core` = 1) within about `radius` of each pixel; 0 where none is near.
 * Worked out on blocks of a quarter of the radius and read back smoothly: the same picture at a tenth the cost.
 */
export function surfaceMean(
  values: Float32Array,
  core: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const factor = Math.max(1, Math.floor(radius / BLOCKS_PER_RADIUS));
  const weighted = new Float32Array(values.length);
  for (let index = 0; index < values.length; index += 1)
    weighted[index] = (values[index] ?? 0) * (core[index] ?? 0);
  const value = blockSums(weighted, width, height, factor);
  const count = blockSums(core, width, height, factor);
  const blockRadius = Math.max(1, Math.round(radius / factor));
  let sums = boxBlur(value.sums, value.columns, value.rows, blockRadius);
  let counts = boxBlur(count.sums, value.columns, value.rows, blockRadius);
  // Sums and counts are read back apart and divided at full size: a block half off the surface then still
  // gives the surface's own mean, not one pulled towards zero.
  if (factor > 1) {
    sums = upsample(sums, value.columns, value.rows, factor, width, height);
    counts = upsample(counts, value.columns, value.rows, factor, width, height);
  }
  for (let index = 0; index < sums.length; index += 1) {
    const total = counts[index] ?? 0;
    sums[index] = total > 1e-6 ? (sums[index] ?? 0) / total : 0;
  }
  return sums;
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
