import sharp from 'sharp';
import { mixColours, type Rgb, rgbLuminance, toHex } from '../../../swatches/colour';

// The room's own colours and light, read from the user's photo: the top band is mostly wall, the bottom band
// mostly floor, and the whole frame's mean tells how bright and how warm the light is. The concept keeps the
// room the user lives in and changes only the kitchen.

export interface RoomLight {
  wallHex: string;
  floorHex: string;
  /** Mean luminance of the photo, 0 (dark) to 1 (bright). */
  brightness: number;
  /** Red minus blue of the photo's mean, -1 (cool) to 1 (warm); most rooms lie within ±0.15. */
  warmth: number;
  /** The colour of the daylight through the window and its glow on the walls. */
  lightHex: string;
}

const SAMPLE = 32;

function meanOfRows(pixels: Buffer, fromRow: number, toRow: number): Rgb {
  let red = 0;
  let green = 0;
  let blue = 0;
  for (let row = fromRow; row < toRow; row += 1) {
    for (let column = 0; column < SAMPLE; column += 1) {
      const offset = (row * SAMPLE + column) * 3;
      red += pixels[offset] ?? 0;
      green += pixels[offset + 1] ?? 0;
      blue += pixels[offset + 2] ?? 0;
    }
  }
  const count = (toRow - fromRow) * SAMPLE;
  return { red: red / count, green: green / count, blue: blue / count };
}

/** Keeps a sampled colour's hue but pulls its lightness into a band, so a dim photo still gives a legible room. */
function withinLightness(colour: Rgb, minimum: number, maximum: number): string {
  const hex = toHex(colour);
  const luma = rgbLuminance(colour);
  if (luma < minimum) return mixColours(hex, '#FFFFFF', (minimum - luma) / (1 - luma));
  if (luma > maximum) return mixColours(hex, '#000000', (luma - maximum) / luma);
  return hex;
}

export async function readRoomLight(photo: Buffer): Promise<RoomLight> {
  // A 32 × 32 thumbnail is plenty for band means, and JPEG shrink-on-load keeps the decode cheap.
  const pixels = await sharp(photo)
    .resize(SAMPLE, SAMPLE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const wall = meanOfRows(pixels, 0, Math.round(SAMPLE * 0.3));
  const floor = meanOfRows(pixels, Math.round(SAMPLE * 0.8), SAMPLE);
  const overall = meanOfRows(pixels, 0, SAMPLE);
  const brightness = rgbLuminance(overall);
  const warmth = (overall.red - overall.blue) / 255;
  // Daylight is near white; the photo's cast tints it, warm rooms towards amber, cool ones towards blue.
  const lightHex =
    warmth >= 0
      ? mixColours('#FFFDF8', '#FFC98A', Math.min(1, warmth * 3))
      : mixColours('#FFFDF8', '#AFCBFF', Math.min(1, -warmth * 3));
  return {
    wallHex: withinLightness(wall, 0.55, 0.93),
    floorHex: withinLightness(floor, 0.22, 0.78),
    brightness,
    warmth,
    lightHex,
  };
}
