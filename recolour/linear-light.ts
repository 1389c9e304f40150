// sRGB bytes to linear light and back. Recolouring multiplies light (a colour times the photo's shading), which
// is only right in linear RGB; the tables make the conversion a lookup per channel.

/** Linear light (0-1) of each 8-bit sRGB value. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let value = 0; value < 256; value += 1) {
    const c = value / 255;
    table[value] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return table;
})();

/** Steps of the linear-to-sRGB table: fine enough that dark shades keep every 8-bit level. */
const LINEAR_STEPS = 1 << 14;
const LINEAR_TO_SRGB: Uint8Array = (() => {
  const table = new Uint8Array(LINEAR_STEPS + 1);
  for (let step = 0; step <= LINEAR_STEPS; step += 1) {
    const c = step / LINEAR_STEPS;
    const encoded = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
    table[step] = Math.round(encoded * 255);
  }
  return table;
})();

/** The 8-bit sRGB value of linear light, clipped to 0-1. */
export function linearToSrgb(linear: number): number {
  if (!(linear > 0)) return 0;
  if (linear >= 1) return 255;
  return LINEAR_TO_SRGB[Math.round(linear * LINEAR_STEPS)] ?? 255;
}

/** Relative luminance (Rec. 709 weights) of linear RGB. */
export const luminanceOf = (red: number, green: number, blue: number): number =>
  0.2126 * red + 0.7152 * green + 0.0722 * blue;

/** A `#RRGGBB` colour as linear RGB. */
export function linearOfHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [
    SRGB_TO_LINEAR[(value >> 16) & 0xff] ?? 0,
    SRGB_TO_LINEAR[(value >> 8) & 0xff] ?? 0,
    SRGB_TO_LINEAR[value & 0xff] ?? 0,
  ];
}
