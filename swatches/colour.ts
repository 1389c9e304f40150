// Small colour arithmetic for drawing swatches (veins, grain and specks are shades of the base colour) and the
// concept renderer's room colours.

export interface Rgb {
  red: number;
  green: number;
  blue: number;
}

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return { red: (value >> 16) & 0xff, green: (value >> 8) & 0xff, blue: value & 0xff };
}

export function toHex({ red, green, blue }: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(red)}${channel(green)}${channel(blue)}`.toUpperCase();
}

/** Blends `hex` towards `towardsHex` by `amount` (0 keeps `hex`, 1 gives `towardsHex`). */
export function mixColours(hex: string, towardsHex: string, amount: number): string {
  const from = parseHex(hex);
  const to = parseHex(towardsHex);
  const blend = (a: number, b: number) => a + (b - a) * amount;
  return toHex({
    red: blend(from.red, to.red),
    green: blend(from.green, to.green),
    blue: blend(from.blue, to.blue),
  });
}

export const darken = (hex: string, amount: number) => mixColours(hex, '#000000', amount);
export const lighten = (hex: string, amount: number) => mixColours(hex, '#FFFFFF', amount);

/** Relative luminance in [0, 1], enough to tell a light stone from a dark one. */
export function rgbLuminance({ red, green, blue }: Rgb): number {
  return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
}

export const luminance = (hex: string) => rgbLuminance(parseHex(hex));

/** A shade that reads against `hex`: darker on light colours, lighter on dark ones. */
export function contrastShade(hex: string, amount: number): string {
  return luminance(hex) > 0.45 ? darken(hex, amount) : lighten(hex, amount);
}

export function isHexColour(text: string): boolean {
  return /^#[0-9A-F]{6}$/i.test(text);
}
