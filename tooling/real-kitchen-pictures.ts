// Pictures of the marking on a traced real kitchen (issue 32), to look at before calling a change to the marking or
// the result done: what the natural strokes marked against the trace, and the result a visitor would get from it.
import sharp from 'sharp';
import type { PhotoLook } from '../recolour/looks';
import { decodePhoto, recolourPhotoHere } from '../server/generation/picture-work/photo-result';
import { BRUSH_ROWS, labelOf } from '../src/marking/brushes';
import { surfaceMask } from '../src/marking/marking-session';
import type { HandMarkedKitchen } from './marked-real-kitchens';
import { realPhotoIfPresent } from './photo-source';
import type { OpenedKitchen } from './real-kitchen-marking';

/** How the marking picture colours each pixel (mixed 55% over the photo). */
export const MARKING_KEY = {
  rightFronts: BRUSH_ROWS.fronts.colour,
  rightWorktop: BRUSH_ROWS.worktop.colour,
  /** The room marked as fronts. */
  frontsOnRoom: [255, 0, 0],
  /** The room marked as worktop. */
  worktopOnRoom: [0, 200, 0],
  /** One surface marked as the other. */
  wrongSurface: [255, 255, 0],
} as const;

/** The width the pictures are written at. */
const SHOWN_WIDTH = 1000;

/**
 * The working picture with the marking over it, coloured by how it agrees with the trace (`MARKING_KEY`); a surface
 * the marking missed is tinted magenta, and the strokes are drawn (fronts yellow, worktop cyan).
 */
export async function markingPicture(
  kitchen: HandMarkedKitchen,
  opened: OpenedKitchen,
  pixels: Uint8Array,
): Promise<Buffer> {
  const { width, height } = opened.session;
  const out = Buffer.from(opened.rgba);
  const fronts = labelOf('fronts');
  const worktop = labelOf('worktop');
  for (let pixel = 0; pixel < pixels.length; pixel++) {
    const marked = pixels[pixel];
    const truth = opened.truth.labels[pixel] ?? 0;
    const colour = colourOf(marked === fronts || marked === worktop ? marked : 0, truth, fronts);
    const at = pixel * 4;
    if (colour)
      for (let channel = 0; channel < 3; channel++)
        out[at + channel] = Math.round((out[at + channel] ?? 0) * 0.45 + (colour[channel] ?? 0) * 0.55);
    else if (truth !== 0) {
      out[at] = Math.min(255, (out[at] ?? 0) + 60);
      out[at + 2] = Math.min(255, (out[at + 2] ?? 0) + 60);
    }
  }
  const strokes = kitchen.strokes
    .map(({ brush, points }) => {
      const line = points
        .map(([x, y]) => `${(x / 1000) * width},${(y / kitchen.previewHeight) * height}`)
        .join(' ');
      return `<polyline points="${line}" fill="none" stroke="${brush === 'fronts' ? 'yellow' : 'cyan'}" stroke-width="4"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${strokes}</svg>`;
  const drawn = await sharp(out, { raw: { width, height, channels: 4 } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  return sharp(drawn).resize(SHOWN_WIDTH).png().toBuffer();
}

function colourOf(marked: number, truth: number, fronts: number): readonly number[] | undefined {
  if (marked === 0) return undefined;
  if (marked === truth) return marked === fronts ? MARKING_KEY.rightFronts : MARKING_KEY.rightWorktop;
  if (truth !== 0) return MARKING_KEY.wrongSurface;
  return marked === fronts ? MARKING_KEY.frontsOnRoom : MARKING_KEY.worktopOnRoom;
}

/** The photo result the marking gives in `look`, as the offline provider makes it, from the photo at 1600 px. */
export async function resultPicture(
  kitchen: HandMarkedKitchen,
  opened: OpenedKitchen,
  pixels: Uint8Array,
  look: PhotoLook,
): Promise<Buffer> {
  const file = realPhotoIfPresent(kitchen.file);
  if (!file) throw new Error(`${kitchen.file} is missing`);
  const photo = await decodePhoto(await sharp(file).rotate().resize(1600).jpeg({ quality: 92 }).toBuffer());
  const { width, height } = opened.session;
  const toPhoto = async (mask: Uint8Array) =>
    new Uint8Array(
      await sharp(Buffer.from(mask), { raw: { width, height, channels: 1 } })
        .resize(photo.width, photo.height)
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
  const masks = {
    width: photo.width,
    height: photo.height,
    planes: {
      fronts: await toPhoto(surfaceMask(pixels, 'fronts')),
      worktop: await toPhoto(surfaceMask(pixels, 'worktop')),
    },
  };
  const result = await recolourPhotoHere(photo, masks, look);
  return sharp(Buffer.from(result.data), { raw: { width: result.width, height: result.height, channels: 3 } })
    .resize(SHOWN_WIDTH)
    .png()
    .toBuffer();
}
