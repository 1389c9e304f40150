// Reading the photo result's pixels the way a person would judge them: which pixels lie clear of the marked
// surfaces, the photo's own shading on a surface, and medians of colour in linear light.
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import type { Rgb } from '../render/pixels';

/** Each byte's linear light, worked out once (CI time, issue 35): the judgements below read millions of pixels. */
const LINEAR = Float64Array.from({ length: 256 }, (_, value) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const linear = (value: number) => LINEAR[value] ?? 0;
const encoded = (value: number) => {
  const c = Math.min(1, Math.max(0, value));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
};

export const luminanceAt = (rgb: Uint8Array, pixel: number) =>
  0.2126 * linear(rgb[pixel * 3] ?? 0) +
  0.7152 * linear(rgb[pixel * 3 + 1] ?? 0) +
  0.0722 * linear(rgb[pixel * 3 + 2] ?? 0);

function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Pixels of a surface: its mask at full strength. */
export function surfacePixels(plane: Uint8Array): number[] {
  const pixels: number[] = [];
  plane.forEach((value, pixel) => {
    if (value === 255) pixels.push(pixel);
  });
  return pixels;
}

/**
 * Pixels farther than `distance` (square) from every marked pixel of any surface. The square around each marked
 * pixel is grown along the rows, then along the columns (the same pixels as filling each square, in time linear
 * in the pixels: filling the squares took seconds on a 12 MP photo, CI time, issue 35).
 */
export function clearOfMasks(masks: SurfaceMasks, distance: number): Uint8Array {
  const { width, height } = masks;
  const marked = new Uint8Array(width * height);
  for (const plane of Object.values(masks.planes)) {
    if (!plane) continue;
    for (let pixel = 0; pixel < marked.length; pixel += 1) if (plane[pixel] !== 0) marked[pixel] = 1;
  }
  // Along each row: near when a marked pixel lies within `distance` either side (a running count of the window).
  const nearInRow = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let inWindow = 0;
    for (let x = 0; x < Math.min(width, distance); x += 1) inWindow += marked[row + x] ?? 0;
    for (let x = 0; x < width; x += 1) {
      if (x + distance < width) inWindow += marked[row + x + distance] ?? 0;
      if (x - distance - 1 >= 0) inWindow -= marked[row + x - distance - 1] ?? 0;
      if (inWindow > 0) nearInRow[row + x] = 1;
    }
  }
  // Then along each column, over the rows' answers: clear when none within `distance` above or below.
  const clear = new Uint8Array(width * height);
  const inColumn = new Int32Array(width);
  for (let y = 0; y < Math.min(height, distance); y += 1) {
    for (let x = 0; x < width; x += 1) inColumn[x] = (inColumn[x] ?? 0) + (nearInRow[y * width + x] ?? 0);
  }
  for (let y = 0; y < height; y += 1) {
    const entering = y + distance < height ? (y + distance) * width : -1;
    const leaving = y - distance - 1 >= 0 ? (y - distance - 1) * width : -1;
    for (let x = 0; x < width; x += 1) {
      let count = inColumn[x] ?? 0;
      if (entering >= 0) count += nearInRow[entering + x] ?? 0;
      if (leaving >= 0) count -= nearInRow[leaving + x] ?? 0;
      inColumn[x] = count;
      if (count === 0) clear[y * width + x] = 1;
    }
  }
  return clear;
}

/**
 * The result's colour on a surface with the photo's light divided out: per channel, the median over the
 * surface of the result's linear light over the photo's shading there (luminance over its median). As sRGB.
 */
export function colourWithoutShading(photo: Uint8Array, result: Uint8Array, pixels: number[]): Rgb {
  const luminances = Float64Array.from(pixels, (pixel) => luminanceAt(photo, pixel));
  const typical = median(luminances);
  const channels = [0, 1, 2].map((channel) =>
    median(
      Float64Array.from(
        pixels,
        (pixel, index) =>
          linear(result[pixel * 3 + channel] ?? 0) / Math.max(1e-4, (luminances[index] ?? 0) / typical),
      ),
    ),
  );
  return channels.map(encoded) as Rgb;
}

/** The median colour of some pixels, channel by channel, as sRGB. */
export function medianColour(rgb: Uint8Array, pixels: number[]): Rgb {
  return [0, 1, 2].map((channel) => median(pixels.map((pixel) => rgb[pixel * 3 + channel] ?? 0))) as Rgb;
}
