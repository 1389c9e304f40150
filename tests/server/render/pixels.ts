import sharp from 'sharp';
import type { Rect } from '../../../server/generation/render/perspective';

// Pixel reading and colour difference for the renderer's tests: decoded RGB, mean absolute difference, region
// means, and CIEDE2000 (Sharma, Wu & Dalal 2005) in CIELAB under D65.

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

export async function decode(bytes: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean of |a - b| over every channel of every pixel, on the 0-255 scale. */
export function meanAbsoluteDifference(a: RgbImage, b: RgbImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('Images differ in size');
  let total = 0;
  for (let index = 0; index < a.data.length; index += 1)
    total += Math.abs((a.data[index] ?? 0) - (b.data[index] ?? 0));
  return total / a.data.length;
}

export type Rgb = [number, number, number];

export function meanColour(image: RgbImage, region: Rect): Rgb {
  const sum: Rgb = [0, 0, 0];
  for (let y = region.top; y < region.top + region.height; y += 1) {
    for (let x = region.left; x < region.left + region.width; x += 1) {
      const offset = (y * image.width + x) * 3;
      sum[0] += image.data[offset] ?? 0;
      sum[1] += image.data[offset + 1] ?? 0;
      sum[2] += image.data[offset + 2] ?? 0;
    }
  }
  const count = region.width * region.height;
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toLab([red, green, blue]: Rgb): Rgb {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [linear(red), linear(green), linear(blue)];
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 between two sRGB colours. */
export function ciede2000(first: Rgb, second: Rgb): number {
  return ciede2000Lab(toLab(first), toLab(second));
}

export function ciede2000Lab([l1, a1, b1]: Rgb, [l2, a2, b2]: Rgb): number {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const dL = l2 - l1;
  const dC = c2p - c1p;
  let dh = 0;
  if (c1p * c2p !== 0) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin((dh / 2) * rad);
  const lMean = (l1 + l2) / 2;
  const cMean = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hMean /= 2;
    else hMean = h1p + h2p < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hMean - 30) * rad) +
    0.24 * Math.cos(2 * hMean * rad) +
    0.32 * Math.cos((3 * hMean + 6) * rad) -
    0.2 * Math.cos((4 * hMean - 63) * rad);
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cMean;
  const sH = 1 + 0.015 * cMean * t;
  const cMeanP7 = cMean ** 7;
  const rT =
    -2 *
    Math.sqrt(cMeanP7 / (cMeanP7 + 25 ** 7)) *
    Math.sin(60 * Math.exp(-(((hMean - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}
