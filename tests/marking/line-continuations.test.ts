import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { toLab } from '../../src/marking/colour-lab';
import { edgeStrength } from '../../src/marking/edge-strength';
import {
  continuations,
  DEFAULT_CONTINUATIONS,
  type EdgeMap,
  gradientDirections,
  type LineStretch,
  straightSegments,
} from '../../src/marking/line-continuations';
import { prepareLineSupport } from '../../src/marking/line-support';
import { MarkingSession } from '../../src/marking/marking-session';
import type { RgbaPicture } from '../../src/marking/pixels';
import { HAND_MARKED_KITCHENS } from '../../tooling/marked-real-kitchens';
import { locatedObjects, markNaturally, openTracedKitchen } from '../../tooling/real-kitchen-marking';
import { describeWithRealPhotos } from '../support/real-photos';
import { drawnPicture, drawnPlane, mixed, type Rgb } from './drawn-pictures';

// Issue 32, "kitchens are made of straight lines" (D159). A dark tall unit stands on a counter against a wall that
// is lit near the counter and falls, towards the ceiling, into the unit's own colour (kitchen-06: the same 21/28/34
// on both sides of the unit's side at the top). The photo shows the unit's side low down and nothing at all above;
// the fronts crossed there at no cost and painted the top of the wall, which keep reaches only round a lamp's cord
// by the wall's soft shading. A fridge stands on the unit's other side.
const WIDTH = 300;
const HEIGHT = 200;
const CEILING_ROW = 40;
const COUNTER_ROW = 180;
const UNIT: Rgb = [30, 36, 44];
const LIT_WALL: Rgb = [110, 122, 138];
const CEILING: Rgb = [205, 205, 200];
const COUNTER: Rgb = [200, 190, 170];
const CORD: Rgb = [150, 150, 150];
const FRIDGE: Rgb = [172, 174, 178];
const UNIT_LEFT = 60;
const UNIT_RIGHT = 140;
const CORD_X = 230;
/** Down to this row the wall is the unit's colour; below it the light comes up towards the counter. */
const SHADE_ENDS = 100;
const picture = drawnPicture(WIDTH, HEIGHT, (x, y) => {
  if (y < CEILING_ROW) return CEILING;
  if (y >= COUNTER_ROW) return COUNTER;
  if (x < UNIT_LEFT) return FRIDGE;
  if (x < UNIT_RIGHT) return UNIT;
  if (x >= CORD_X && x < CORD_X + 2 && y < SHADE_ENDS + 10) return CORD;
  return y <= SHADE_ENDS ? UNIT : mixed(UNIT, LIT_WALL, (y - SHADE_ENDS) / (COUNTER_ROW - SHADE_ENDS));
});
const unit = drawnPlane(
  WIDTH,
  HEIGHT,
  (x, y) => y >= CEILING_ROW && y < COUNTER_ROW && x >= UNIT_LEFT && x < UNIT_RIGHT,
);
const wallInShade = drawnPlane(
  WIDTH,
  HEIGHT,
  (x, y) => y >= CEILING_ROW && y <= SHADE_ENDS && x >= UNIT_RIGHT + 4 && x < CORD_X - 4,
);
const FRONTS = labelOf('fronts');
const frontsShare = (pixels: Uint8Array, plane: Uint8Array) =>
  pixels.filter((label, pixel) => label === FRONTS && plane[pixel] === 1).length /
  plane.filter(Boolean).length;
const downTheUnit: Mark = { kind: 'stroke', brush: 'fronts', points: [100, 60, 100, 170] };

function edgeMapOf(drawn: RgbaPicture): EdgeMap {
  const lab = toLab(drawn);
  const edges = edgeStrength(lab);
  const normal = gradientDirections(prepareLineSupport(lab), edges, DEFAULT_CONTINUATIONS.edge);
  return { width: drawn.width, height: drawn.height, edges, normal };
}

const isVertical = (line: LineStretch) => Math.abs(line.x1 - line.x0) < 2;

describe('a unit side that runs on unseen', () => {
  it('is followed on from where the light shows it up to the ceiling', () => {
    const map = edgeMapOf(picture);
    const lines = continuations(map, straightSegments(map));
    expect(lines).toHaveLength(1);
    const [side] = lines;
    expect(Math.abs((side?.x0 ?? 0) - (UNIT_RIGHT - 0.5))).toBeLessThanOrEqual(1);
    expect(Math.abs((side?.x1 ?? 0) - (UNIT_RIGHT - 0.5))).toBeLessThanOrEqual(1);
    // From within the side's lit part up to the ceiling.
    expect(Math.max(side?.y0 ?? 0, side?.y1 ?? 0)).toBeGreaterThan(SHADE_ENDS);
    expect(Math.abs(Math.min(side?.y0 ?? 0, side?.y1 ?? 0) - CEILING_ROW)).toBeLessThanOrEqual(1.5);
  });

  it('keeps the wall in shade the photo’s own, and the unit marked', () => {
    const session = new MarkingSession(picture, { regions: 600 });
    const { pixels } = session.mark([downTheUnit]);
    expect(frontsShare(pixels, wallInShade)).toBeLessThan(0.03);
    expect(frontsShare(pixels, unit)).toBeGreaterThan(0.95);
  });

  it('is what holds the fronts back: followed on nowhere, they take the wall in shade', () => {
    const session = new MarkingSession(picture, {
      regions: 600,
      continuations: { ...DEFAULT_CONTINUATIONS, runsOn: 0 },
    });
    expect(frontsShare(session.mark([downTheUnit]).pixels, wallInShade)).toBeGreaterThan(0.5);
  });
});

describe('lines that do not run on', () => {
  it('a line that ends at an edge across it (a ceiling slat at the wall) stops there', () => {
    // Dark slats on a light ceiling end at the wall's top edge; the wall below is plain.
    const slats = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (y >= 100) return [150, 160, 170];
      return x % 40 < 3 ? [90, 90, 90] : CEILING;
    });
    const map = edgeMapOf(slats);
    const segments = straightSegments(map).filter(isVertical);
    expect(segments.length).toBeGreaterThan(3);
    expect(continuations(map, segments)).toEqual([]);
  });

  it('a line that leans is not followed on, nor one whose way leaves the picture', () => {
    // A panel's edge leaning 20° from upright with plain grey past its end (an island top's edge across its end
    // panel, in perspective), and an upright line whose way up runs off the photo with nothing met.
    const lean = Math.tan((20 * Math.PI) / 180);
    const grey: Rgb = [120, 120, 120];
    const drawn = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (x >= 200 && y >= 120) return [60, 60, 60];
      if (y <= 60 || y >= 140) return grey;
      // Smoothed across the edge as a camera's is, so the gradient turns the way the edge leans.
      return mixed(grey, [220, 220, 220], Math.min(1, Math.max(0, 60 + (y - 60) * lean - x + 0.5)));
    });
    const map = edgeMapOf(drawn);
    const segments = straightSegments(map);
    expect(segments.filter((segment) => !isVertical(segment))).toHaveLength(1);
    expect(segments.filter(isVertical)).toHaveLength(1);
    expect(continuations(map, segments)).toEqual([]);
  });
});

describeWithRealPhotos('a unit side that runs on unseen, on a real photo', () => {
  it('kitchen-06: the dark wall beside the tall unit stays the photo’s own', async () => {
    // Natural strokes: the fronts crossed the unit's unseen side and painted 3.9% of the room, most of it the wall
    // up to the ceiling; followed on, the side holds them at 1.0%.
    const kitchen = HAND_MARKED_KITCHENS.find(({ name }) => name === 'kitchen-06');
    if (!kitchen) throw new Error('kitchen-06 is not traced');
    const opened = await openTracedKitchen(kitchen, await locatedObjects(kitchen));
    if (!opened) throw new Error(`${kitchen.file} is missing`);
    const marking = markNaturally(kitchen, opened);
    expect(marking.keepMarked).toBeLessThan(0.02);
    expect(marking.recall.fronts).toBeGreaterThan(0.9);
  }, 60_000);
});
