import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { DEFAULT_GROWTH_COSTS } from '../../src/marking/geodesic-growth';
import { MarkingSession } from '../../src/marking/marking-session';
import { drawnPicture, drawnPlane, iou } from './drawn-pictures';

// Issue 32, kitchen-03: white gloss wall units over white tiles, the units' underside a faint shadow line. Keep
// reaches the tiles from the photo's side across their grout, the fronts across the shadow line, and the two meet
// on the tiles by a shade: the fronts took the splashback. A door is even inside; the tiles are busy with grout,
// so to the fronts' brush they are unlike the doors it was marked on, however white.
const WIDTH = 320;
const HEIGHT = 220;
const UNITS = { top: 10, bottom: 110 };
const TILES = { top: 111, bottom: 190 };
const units = (x: number, y: number) => x >= 20 && x < 300 && y >= UNITS.top && y < UNITS.bottom;
const tiles = (y: number) => y >= TILES.top && y < TILES.bottom;
// Small tiles, smaller than a superpixel, so their grout lies inside the superpixels.
const grout = (x: number, y: number) =>
  (y - TILES.top) % 8 === 7 || (x + (y - TILES.top < 40 ? 0 : 7)) % 14 === 13;
const picture = drawnPicture(WIDTH, HEIGHT, (x, y) => {
  // The doors' gaps dark: the superpixels a stroke pins across a gap are darker than the tiles.
  if (units(x, y)) return x % 70 < 2 ? [120, 120, 118] : [242, 242, 240];
  if (y === UNITS.bottom) return [220, 220, 218];
  if (tiles(y)) return grout(x, y) ? [218, 218, 216] : [241, 241, 239];
  if (y >= TILES.bottom) return [120, 100, 80];
  return [236, 236, 234];
});
const stroke: Mark = { kind: 'stroke', brush: 'fronts', points: [40, 60, 280, 60] };
const FRONTS = labelOf('fronts');
const splashback = drawnPlane(WIDTH, HEIGHT, (_x, y) => tiles(y));
const marked = (busyness: number) =>
  new MarkingSession(picture, { regions: 500, costs: { ...DEFAULT_GROWTH_COSTS, busyness } }).mark([stroke])
    .pixels;
const tilesMarked = (pixels: Uint8Array) =>
  pixels.filter((label, pixel) => label === FRONTS && splashback[pixel] === 1).length /
  splashback.filter(Boolean).length;

describe('white fronts over white tiles', () => {
  it('marks the units as fully as without it, and leaves the tiles the photo’s own', () => {
    const pixels = marked(DEFAULT_GROWTH_COSTS.busyness);
    const doors = drawnPlane(WIDTH, HEIGHT, units);
    expect(iou(pixels, FRONTS, doors)).toBeGreaterThan(0.85);
    expect(iou(pixels, FRONTS, doors)).toBeGreaterThanOrEqual(iou(marked(0), FRONTS, doors) - 0.02);
    expect(tilesMarked(pixels)).toBeLessThan(0.05);
  });

  it('took the tiles when how busy a superpixel is did not count', () => {
    expect(tilesMarked(marked(0))).toBeGreaterThan(0.25);
  });
});
