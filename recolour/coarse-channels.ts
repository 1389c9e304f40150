// A coarser copy of a region for the steps that look for things much bigger than a pixel (objects on a counter,
// the counter's separate pieces): on a 12 MP photo they read a quarter of the pixels and find the same things.

/** Work is done at most this many pixels along the photo's long side. */
const COARSE_LONG_SIDE = 1600;

/** How many pixels of the photo make one coarse pixel across (1: the photo is small enough as it is). */
export const coarseFactor = (photo: { width: number; height: number }) =>
  Math.max(1, Math.floor(Math.max(photo.width, photo.height) / COARSE_LONG_SIDE));

/** The size of a `width` × `height` plane `factor` times coarser. */
export const coarseSize = (width: number, height: number, factor: number) => ({
  width: Math.ceil(width / factor),
  height: Math.ceil(height / factor),
});

/** The block means of `channels` interleaved channels: each coarse pixel the mean of the block it stands for. */
function blockMeans<T extends Float32Array | Uint8Array>(
  data: T,
  width: number,
  height: number,
  factor: number,
  channels: number,
  made: (length: number) => T,
): T {
  if (factor === 1) return data;
  const size = coarseSize(width, height, factor);
  const result = made(size.width * size.height * channels);
  const sums = new Float64Array(channels);
  for (let row = 0; row < size.height; row += 1) {
    const top = row * factor;
    const bottom = Math.min(height, top + factor);
    for (let column = 0; column < size.width; column += 1) {
      const left = column * factor;
      const right = Math.min(width, left + factor);
      sums.fill(0);
      for (let y = top; y < bottom; y += 1)
        for (let x = left; x < right; x += 1)
          for (let channel = 0; channel < channels; channel += 1)
            sums[channel] = (sums[channel] ?? 0) + (data[(y * width + x) * channels + channel] ?? 0);
      const count = (bottom - top) * (right - left);
      const to = (row * size.width + column) * channels;
      // A Uint8Array rounds down as it stores: the mean is rounded to the nearest byte first.
      for (let channel = 0; channel < channels; channel += 1)
        result[to + channel] =
          data instanceof Uint8Array
            ? Math.round((sums[channel] ?? 0) / count)
            : (sums[channel] ?? 0) / count;
    }
  }
  return result;
}

/** Each coarse pixel the mean of the `factor` × `factor` block of pixels it stands for. */
export const shrunk = (plane: Float32Array, width: number, height: number, factor: number): Float32Array =>
  blockMeans(plane, width, height, factor, 1, (length) => new Float32Array(length));

/** The same for RGB bytes, 3 a pixel. */
export const shrunkRgb = (pixels: Uint8Array, width: number, height: number, factor: number): Uint8Array =>
  blockMeans(pixels, width, height, factor, 3, (length) => new Uint8Array(length));

/** A coarse plane back at `width` × `height`, bilinearly: soft weights stay soft. */
export function grownBack(coarse: Float32Array, width: number, height: number, factor: number): Float32Array {
  if (factor === 1) return coarse;
  const size = coarseSize(width, height, factor);
  const result = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const at = Math.min(size.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const top = Math.floor(at);
    const bottom = Math.min(size.height - 1, top + 1);
    const fy = at - top;
    for (let x = 0; x < width; x += 1) {
      const across = Math.min(size.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const left = Math.floor(across);
      const right = Math.min(size.width - 1, left + 1);
      const fx = across - left;
      const upper =
        (coarse[top * size.width + left] ?? 0) * (1 - fx) + (coarse[top * size.width + right] ?? 0) * fx;
      const lower =
        (coarse[bottom * size.width + left] ?? 0) * (1 - fx) +
        (coarse[bottom * size.width + right] ?? 0) * fx;
      result[y * width + x] = upper * (1 - fy) + lower * fy;
    }
  }
  return result;
}
