// Real kitchen photos (D33: read from the fixtures beside the clone, never copied in), each traced by hand in
// `real-kitchen-marks/<kitchen>.json`: its fronts and worktop as polygons, what stays the photo's own inside them
// (hob, sink, tap, appliances, things on the counter) as `keep` polygons, and the natural strokes a visitor makes
// on it (one along each run of fronts, one along each counter; no "Not this"). The marking's real-photo tests and
// benchmark and the photo result's use them. Points are in a 1000 px wide preview (y in 0-`previewHeight`), so
// they fit the photo at any size it is scaled to. `npx tsx tooling/trace-overlay.ts <kitchen>` draws them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { MARKED_SURFACES, type MarkedSurface } from '../contract/surface-masks';
import type { SurfaceMasks } from '../recolour/surface-masks';
import { BRUSHES, type Brush, type Mark } from '../src/marking/brushes';
import { realPhotoIfPresent } from './photo-source';

/** The preview's width every traced point is measured in. */
export const PREVIEW_WIDTH = 1000;

const point = z.tuple([z.number(), z.number()]);
const polygon = z.array(point).min(3);

const handMarkedKitchenSchema = z.object({
  file: z.string(),
  /** The 1000 px wide preview's height: y runs 0 to this. */
  previewHeight: z.number().positive(),
  /** Kept out of every tuning of the marking, and reported apart (issue 32). */
  heldOut: z.boolean(),
  /** What was traced and why, where the photo makes it a judgement (something in front of a run, say). */
  notes: z.string().optional(),
  fronts: z.array(polygon),
  worktop: z.array(polygon),
  /** Inside or over the surfaces, what must stay the photo's own: cut out of both. */
  keep: z.array(polygon),
  strokes: z.array(z.object({ brush: z.enum(BRUSHES), points: z.array(point).min(1) })),
});

export type Polygon = readonly (readonly [number, number])[];
export type HandMarkedKitchen = z.infer<typeof handMarkedKitchenSchema> & { name: string };

const MARKS_DIR = path.join(import.meta.dirname, 'real-kitchen-marks');

/** Every traced kitchen, by name (`kitchen-02`, ...), in name order. */
export const HAND_MARKED_KITCHENS: readonly HandMarkedKitchen[] = readdirSync(MARKS_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    name: path.basename(file, '.json'),
    ...handMarkedKitchenSchema.parse(JSON.parse(readFileSync(path.join(MARKS_DIR, file), 'utf8'))),
  }));

/** A traced point in the pixels of a picture `width` × `height`. */
const scaled = (kitchen: HandMarkedKitchen, width: number, height: number) => (x: number, y: number) =>
  [(x / PREVIEW_WIDTH) * width, (y / kitchen.previewHeight) * height] as const;

/** 255 inside `polygons` and outside `holes`, 0 elsewhere, at `width` × `height`. */
async function plane(
  kitchen: HandMarkedKitchen,
  polygons: readonly Polygon[],
  holes: readonly Polygon[],
  width: number,
  height: number,
): Promise<Uint8Array> {
  const at = scaled(kitchen, width, height);
  const shape = (fill: string) => (polygon: Polygon) =>
    `<polygon points="${polygon
      .map(([x, y]) =>
        at(x, y)
          .map((value) => value.toFixed(1))
          .join(','),
      )
      .join(' ')}" fill="${fill}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="black"/>` +
    polygons.map(shape('white')).join('') +
    holes.map(shape('black')).join('') +
    '</svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer());
}

/** The traced masks at `width` × `height`: each surface less what it keeps. */
export async function tracedMasks(
  kitchen: HandMarkedKitchen,
  width: number,
  height: number,
): Promise<SurfaceMasks> {
  const planes = await Promise.all(
    MARKED_SURFACES.map((surface) => plane(kitchen, kitchen[surface], kitchen.keep, width, height)),
  );
  const bySurface = Object.fromEntries(MARKED_SURFACES.map((surface, i) => [surface, planes[i]])) as Record<
    MarkedSurface,
    Uint8Array
  >;
  return { width, height, planes: bySurface };
}

/** What the trace keeps inside or over the surfaces (the hob, the sink, things on the counter), 255 there. */
export const tracedKeep = (kitchen: HandMarkedKitchen, width: number, height: number): Promise<Uint8Array> =>
  plane(kitchen, kitchen.keep, [], width, height);

/** The visitor's natural strokes as marks in the pixels of a picture `width` × `height`. */
export function naturalStrokes(kitchen: HandMarkedKitchen, width: number, height: number): Mark[] {
  const at = scaled(kitchen, width, height);
  return kitchen.strokes.map(({ brush, points }) => ({
    kind: 'stroke',
    brush: brush satisfies Brush,
    points: points.flatMap(([x, y]) => at(x, y).map(Math.round)),
  }));
}

/** The photo (as JPEG, scaled to `width` when given) and its traced masks; undefined without the fixtures. */
export async function handMarkedKitchen(
  kitchen: HandMarkedKitchen,
  width?: number,
): Promise<{ jpeg: Buffer; masks: SurfaceMasks } | undefined> {
  const real = realPhotoIfPresent(kitchen.file);
  if (!real) return undefined;
  const resized = sharp(real).rotate();
  const { data, info } = await (width ? resized.resize(width) : resized)
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, masks: await tracedMasks(kitchen, info.width, info.height) };
}
