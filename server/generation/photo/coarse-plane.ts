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

/** Each coarse pixel the mean of the `factor` × `factor` block of `channels`-valued pixels it stands for. */
export function shrunk<T extends Float32Array | Uint8Array>(
  plane: T,
  width: number,
  height: number,
  factor: number,
  channels = 1,
): T {
  if (factor === 1) return plane;
  const size = coarseSize(width, height, factor);
  const sums = new Float32Array(size.width * size.height * channels);
  const counts = new Float32Array(size.width * size.height);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / factor) * size.width;
    for (let x = 0, column = 0, step = 0; x < width; x += 1) {
      const cell = row + column;
      counts[cell] = (counts[cell] ?? 0) + 1;
      const from = (y * width + x) * channels;
      const to = cell * channels;
      for (let channel = 0; channel < channels; channel += 1)
        sums[to + channel] = (sums[to + channel] ?? 0) + (plane[from + channel] ?? 0);
      step += 1;
      if (step === factor) {
        step = 0;
        column += 1;
      }
    }
  }
  for (let index = 0; index < sums.length; index += 1)
    sums[index] = (sums[index] ?? 0) / (counts[Math.floor(index / channels)] ?? 1);
  return (plane instanceof Uint8Array ? Uint8Array.from(sums, Math.round) : sums) as T;
}

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
