// The tracer's overlay: draws a traced kitchen's polygons and natural strokes over its photo at the preview's
// 1000 px width, with a grid every 50 px (numbered every 100), so a trace can be checked and corrected by eye.
//   npx tsx tooling/trace-overlay.ts kitchen-03 [out.png]      draw tooling/real-kitchen-marks/kitchen-03.json
//   npx tsx tooling/trace-overlay.ts kitchen-03 out.png 400 300 600 450   the same, only that box, 4x larger
//   npx tsx tooling/trace-overlay.ts --new kitchens/<file>     print a new trace's skeleton (its previewHeight)
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { BRUSH_ROWS } from '../src/marking/brushes';
import {
  HAND_MARKED_KITCHENS,
  type HandMarkedKitchen,
  type Polygon,
  PREVIEW_WIDTH,
} from './marked-real-kitchens';
import { realPhotoIfPresent } from './photo-source';

const GRID = 50;

const rgb = ([r, g, b]: readonly number[]) => `rgb(${r},${g},${b})`;
const pointsOf = (polygon: Polygon) => polygon.map(([x, y]) => `${x},${y}`).join(' ');

function overlaySvg(kitchen: HandMarkedKitchen): string {
  const height = kitchen.previewHeight;
  const grid: string[] = [];
  for (let x = 0; x <= PREVIEW_WIDTH; x += GRID)
    grid.push(
      `<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="white" stroke-opacity="${x % 100 ? 0.25 : 0.5}"/>`,
      x % 100 ? '' : `<text x="${x + 2}" y="12" font-size="11" fill="yellow">${x}</text>`,
    );
  for (let y = 0; y <= height; y += GRID)
    grid.push(
      `<line x1="0" y1="${y}" x2="${PREVIEW_WIDTH}" y2="${y}" stroke="white" stroke-opacity="${y % 100 ? 0.25 : 0.5}"/>`,
      y % 100 ? '' : `<text x="2" y="${y - 2}" font-size="11" fill="yellow">${y}</text>`,
    );
  const fill = (polygons: readonly Polygon[], colour: string, opacity: number) =>
    polygons
      .map(
        (polygon) =>
          `<polygon points="${pointsOf(polygon)}" fill="${colour}" fill-opacity="${opacity}" stroke="${colour}"/>`,
      )
      .join('');
  const strokes = kitchen.strokes
    .map(
      ({ brush, points }) =>
        `<polyline points="${pointsOf(points)}" fill="none" stroke="${rgb(BRUSH_ROWS[brush].colour)}" ` +
        `stroke-width="6" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.9"/>` +
        `<polyline points="${pointsOf(points)}" fill="none" stroke="white" stroke-width="1.5"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${height}">` +
    fill(kitchen.fronts, rgb(BRUSH_ROWS.fronts.colour), 0.4) +
    fill(kitchen.worktop, rgb(BRUSH_ROWS.worktop.colour), 0.4) +
    fill(kitchen.keep, 'rgb(255,0,60)', 0.55) +
    strokes +
    grid.join('') +
    '</svg>'
  );
}

/** A box of the preview (x0, y0, x1, y1) to draw alone, enlarged: where an outline's last pixels are judged. */
type Box = readonly [number, number, number, number];
const ZOOM = 4;

async function draw(name: string, out: string, box?: Box): Promise<void> {
  const kitchen = HAND_MARKED_KITCHENS.find((candidate) => candidate.name === name);
  if (!kitchen) throw new Error(`No trace named ${name} in tooling/real-kitchen-marks`);
  const photo = realPhotoIfPresent(kitchen.file);
  if (!photo) throw new Error(`${kitchen.file} is not in the fixtures`);
  const preview = await sharp(photo)
    .rotate()
    .resize(PREVIEW_WIDTH, kitchen.previewHeight, { fit: 'fill' })
    .toBuffer();
  const drawn = await sharp(preview)
    .composite([{ input: Buffer.from(overlaySvg(kitchen)) }])
    .png()
    .toBuffer();
  if (!box) await sharp(drawn).toFile(out);
  else {
    const [x0, y0, x1, y1] = box;
    const [left, top] = [Math.max(0, x0), Math.max(0, y0)];
    const width = Math.min(PREVIEW_WIDTH, x1) - left;
    const height = Math.min(kitchen.previewHeight, y1) - top;
    await sharp(drawn)
      .extract({ left, top, width, height })
      .resize(width * ZOOM, height * ZOOM, { kernel: 'nearest' })
      .toFile(out);
  }
  console.log(`Drew ${out}`);
}

async function skeleton(file: string): Promise<void> {
  const photo = realPhotoIfPresent(file);
  if (!photo) throw new Error(`${file} is not in the fixtures`);
  const { width: shownWidth, height: shownHeight } = (await sharp(photo).metadata()).autoOrient;
  const previewHeight = Math.round((PREVIEW_WIDTH * shownHeight) / shownWidth);
  const trace = { file, previewHeight, heldOut: false, fronts: [], worktop: [], keep: [], strokes: [] };
  writeFileSync(1, `${JSON.stringify(trace, null, 2)}\n`);
}

const [first, second, ...boxArgs] = process.argv.slice(2);
if (!first)
  throw new Error('Usage: trace-overlay.ts <kitchen> [out.png [x0 y0 x1 y1]] | --new kitchens/<file>');
const box = boxArgs.length === 4 ? (boxArgs.map(Number) as unknown as Box) : undefined;
if (first === '--new') await skeleton(second ?? '');
else await draw(first, second ?? `/tmp/trace-${first}.png`, box);
