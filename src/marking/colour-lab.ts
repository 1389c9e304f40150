// sRGB to CIELab (D65), the space where a colour difference reads as a difference the eye sees (ΔE76).
import { checkPicture, type LabPicture, type RgbaPicture } from './pixels';

/** sRGB byte to linear light, once for all 256 values. */
const LINEAR = Float32Array.from({ length: 256 }, (_, byte) => {
  const value = byte / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
});

const labCurve = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** One colour in Lab, from sRGB bytes. */
export function labOf(red: number, green: number, blue: number): [number, number, number] {
  const r = LINEAR[red] ?? 0;
  const g = LINEAR[green] ?? 0;
  const b = LINEAR[blue] ?? 0;
  const fx = labCurve((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const fy = labCurve(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const fz = labCurve((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function toLab(picture: RgbaPicture): LabPicture {
  checkPicture(picture);
  const { width, height, data } = picture;
  const lab = new Float32Array(width * height * 3);
  for (let pixel = 0, byte = 0; pixel < width * height; pixel++, byte += 4) {
    const [l, a, b] = labOf(data[byte] ?? 0, data[byte + 1] ?? 0, data[byte + 2] ?? 0);
    lab[pixel * 3] = l;
    lab[pixel * 3 + 1] = a;
    lab[pixel * 3 + 2] = b;
  }
  return { width, height, lab };
}

/**
 * The squared ΔE76 between colour `i` of `one` and colour `j` of `other` (three floats each), its lightness part
 * weighted by `lightness` (below 1, a surface's own shading counts less than a change of colour).
 */
export function labDistanceSquared(
  one: Float32Array,
  i: number,
  other: Float32Array,
  j: number,
  lightness = 1,
): number {
  const dl = ((one[i * 3] ?? 0) - (other[j * 3] ?? 0)) * lightness;
  const da = (one[i * 3 + 1] ?? 0) - (other[j * 3 + 1] ?? 0);
  const db = (one[i * 3 + 2] ?? 0) - (other[j * 3 + 2] ?? 0);
  return dl * dl + da * da + db * db;
}

/** The mean Lab colour of column `x`'s rows `from` (included) to `to` (excluded) of `picture`. */
export function columnMean({ width, lab }: LabPicture, x: number, from: number, to: number): Float32Array {
  const sum = new Float32Array(3);
  for (let row = from; row < to; row++)
    for (let channel = 0; channel < 3; channel++)
      sum[channel] = (sum[channel] ?? 0) + (lab[(row * width + x) * 3 + channel] ?? 0);
  const rows = Math.max(1, to - from);
  return sum.map((total) => total / rows);
}
