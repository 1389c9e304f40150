// Reading the photo result's pixels the way a person would judge them: which pixels lie clear of the marked
// surfaces, the photo's own shading on a surface, and medians of colour in linear light.
import type { SurfaceMasks } from '../../../recolour/surface-masks';
import type { Rgb } from '../render/pixels';

const linear = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const encoded = (value: number) => {
  const c = Math.min(1, Math.max(0, value));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
};

export const luminanceAt = (rgb: Uint8Array, pixel: number) =>
  0.2126 * linear(rgb[pixel * 3] ?? 0) +
  0.7152 * linear(rgb[pixel * 3 + 1] ?? 0) +
  0.0722 * linear(rgb[pixel * 3 + 2] ?? 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
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

/** Pixels farther than `distance` (square) from every marked pixel of any surface. */
export function clearOfMasks(masks: SurfaceMasks, distance: number): Uint8Array {
  const { width, height } = masks;
  const near = new Uint8Array(width * height);
  for (const plane of Object.values(masks.planes)) {
    plane?.forEach((value, pixel) => {
      if (value === 0) return;
      const x = pixel % width;
      const y = Math.floor(pixel / width);
      for (let dy = -distance; dy <= distance; dy += 1) {
        const row = y + dy;
        if (row < 0 || row >= height) continue;
        near.fill(
          1,
          row * width + Math.max(0, x - distance),
          row * width + Math.min(width, x + distance + 1),
        );
      }
    });
  }
  return near.map((value) => 1 - value);
}

/**
 * The result's colour on a surface with the photo's light divided out: per channel, the median over the
 * surface of the result's linear light over the photo's shading there (luminance over its median). As sRGB.
 */
export function colourWithoutShading(photo: Uint8Array, result: Uint8Array, pixels: number[]): Rgb {
  const typical = median(pixels.map((pixel) => luminanceAt(photo, pixel)));
  const channels = [0, 1, 2].map((channel) =>
    median(
      pixels.map(
        (pixel) =>
          linear(result[pixel * 3 + channel] ?? 0) / Math.max(1e-4, luminanceAt(photo, pixel) / typical),
      ),
    ),
  );
  return channels.map(encoded) as Rgb;
}

/** The median colour of some pixels, channel by channel, as sRGB. */
export function medianColour(rgb: Uint8Array, pixels: number[]): Rgb {
  return [0, 1, 2].map((channel) => median(pixels.map((pixel) => rgb[pixel * 3 + channel] ?? 0))) as Rgb;
}
