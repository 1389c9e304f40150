import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { toLab } from '../../src/marking/colour-lab';
import { DEFAULT_GROWTH_COSTS } from '../../src/marking/geodesic-growth';
import { borderRegions, DEFAULT_KEEP } from '../../src/marking/keep-seeds';
import { prepareLineSupport } from '../../src/marking/line-support';
import { MarkingSession } from '../../src/marking/marking-session';
import {
  DEFAULT_TOP_RUN_OFF,
  type TopRunOffOptions,
  topRunOffRegions,
} from '../../src/marking/run-off-edges';
import { drawnPicture, drawnPlane, iou } from './drawn-pictures';

// Issue 32, D135: a white tall unit against a white wall, cut off by the top of the photo, as kitchen-05's, with a
// strip of wall and a grey fridge beside it. The visitor strokes the unit's lower part. The photo's top edge seeds
// keep, and across the white keep and the brush meet halfway up, unless the top edge above the unit is the
// unit's: nothing lies across the way up from the stroke, and the unit's sides bound it along the top row. Where
// the unit's own top shows under a ceiling (a shadow line), the way up is closed and the top edge stays keep's.
const WIDTH = 320;
const HEIGHT = 200;
const UNIT = { left: 120, right: 200, bottom: 170 };
const FRIDGE = 224;
const FRONTS = labelOf('fronts');
const stroke: Mark = { kind: 'stroke', brush: 'fronts', points: [160, 160, 160, 110] };

/**
 * The unit from `top` down, its sides a grey line; above `top`, a ceiling of the unit's own white in a recess
 * between the walls, and the unit's top a shadow line, fainter than its sides.
 */
const tallUnit = (top: number) =>
  drawnPicture(WIDTH, HEIGHT, (x, y) => {
    if (y >= UNIT.bottom) return [150, 110, 70];
    if (x >= FRIDGE) return [120, 124, 128];
    if (x === UNIT.left - 1 || x === UNIT.right) return [196, 196, 194];
    const inRecess = x >= UNIT.left && x < UNIT.right;
    if (inRecess && top > 0 && y === top) return [212, 212, 210];
    // The wall a shade darker than the unit, both lit a little less towards the floor.
    const shade = Math.round((y / HEIGHT) * 8);
    const white = inRecess ? 242 : 236;
    return [white - shade, white - shade, white - shade];
  });
const inUnit = (top: number) => (x: number, y: number) =>
  x >= UNIT.left && x < UNIT.right && y >= top && y < UNIT.bottom;
const withTopRunOff = (changes: Partial<TopRunOffOptions>) => ({
  ...DEFAULT_KEEP,
  topRunOff: { ...DEFAULT_TOP_RUN_OFF, ...changes },
});
const marked = (
  picture: ReturnType<typeof tallUnit>,
  changes: Partial<TopRunOffOptions> = {},
  costs = DEFAULT_GROWTH_COSTS,
) => new MarkingSession(picture, { regions: 400, keep: withTopRunOff(changes), costs }).mark([stroke]).pixels;
const frontsIn = (pixels: Uint8Array, plane: Uint8Array) =>
  pixels.filter((label, pixel) => label === FRONTS && plane[pixel] === 1).length;

describe('a unit that runs off the top of the photo', () => {
  const runsOff = tallUnit(0);
  const truth = drawnPlane(WIDTH, HEIGHT, inUnit(0));

  it('is marked to the top edge, where with the way up closed keep takes its upper part', () => {
    const open = marked(runsOff);
    expect(iou(open, FRONTS, truth)).toBeGreaterThan(0.9);
    expect(iou(marked(runsOff, { crossing: 0 }), FRONTS, truth)).toBeLessThan(iou(open, FRONTS, truth) - 0.1);
  });

  it("takes none of the wall strip beside it, which the unit's side bounds along the top row", () => {
    const strip = drawnPlane(WIDTH, HEIGHT, (x, y) => y < UNIT.bottom && x > UNIT.right + 2 && x < FRIDGE);
    expect(frontsIn(marked(runsOff), strip)).toBe(0);
    // With no side looked for, the whole top row would be the unit's, and the strip with it. (Here the unit's
    // grey side, inside the superpixels along it, is busier than the unit: the fronts are let across it, as
    // across a side no busier than the unit, to see the side's part alone.)
    const noSide = { side: Number.POSITIVE_INFINITY, widest: 1 };
    const busyLetIn = { ...DEFAULT_GROWTH_COSTS, busyness: 0 };
    expect(frontsIn(marked(runsOff, noSide, busyLetIn), strip)).toBeGreaterThan(100);
  });
});

describe('the top edge a unit runs off', () => {
  const topEdgeOver = (picture: ReturnType<typeof tallUnit>) => {
    const session = new MarkingSession(picture, { regions: 400 });
    const edge = borderRegions(session.superpixels);
    const lab = toLab(picture);
    const points = stroke.kind === 'stroke' ? stroke.points : [];
    const regions = topRunOffRegions(session.graph, edge, prepareLineSupport(lab), [points]);
    return [...regions].map((region) => session.graph.centre[region * 2] ?? 0);
  };

  it("is the top row between the unit's sides, none of the wall beside it", () => {
    const over = topEdgeOver(tallUnit(0));
    expect(over.length).toBeGreaterThan(2);
    for (const x of over) {
      expect(x).toBeGreaterThanOrEqual(UNIT.left - 4);
      expect(x).toBeLessThanOrEqual(UNIT.right + 4);
    }
  });

  it("is none where the unit's own top lies across the way up, a shadow under a ceiling", () => {
    expect(topEdgeOver(tallUnit(24))).toEqual([]);
  });
});

// D136: a tall unit in the photo's top-left corner, cut off by its top and its left side: the left edge from the
// top down to the stroke is the unit's too, unless a line lies across it on the way.
describe('a unit that runs off the top and a side of the photo', () => {
  const CORNER_RIGHT = 80;
  const cornerStroke: Mark = { kind: 'stroke', brush: 'fronts', points: [40, 160, 40, 110] };
  const cornerUnit = (shelfAt?: number) =>
    drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (y >= UNIT.bottom) return [150, 110, 70];
      if (x === CORNER_RIGHT) return [196, 196, 194];
      if (shelfAt !== undefined && y === shelfAt && x < 12) return [150, 150, 148];
      const shade = Math.round((y / HEIGHT) * 8);
      const white = x < CORNER_RIGHT ? 242 : 236;
      return [white - shade, white - shade, white - shade];
    });
  const inCorner = drawnPlane(WIDTH, HEIGHT, (x, y) => x < CORNER_RIGHT && y < UNIT.bottom);
  const markedCorner = (changes: Partial<TopRunOffOptions> = {}, shelfAt?: number) =>
    new MarkingSession(cornerUnit(shelfAt), { regions: 400, keep: withTopRunOff(changes) }).mark([
      cornerStroke,
    ]).pixels;

  it('is marked to both edges, where without its side keep takes its top corner', () => {
    const whole = iou(markedCorner(), FRONTS, inCorner);
    expect(whole).toBeGreaterThan(0.9);
    expect(iou(markedCorner({ offTheSide: false }), FRONTS, inCorner)).toBeLessThan(whole - 0.05);
  });

  it('keeps the side where a line lies across it above the stroke', () => {
    const leftEdgeOver = (shelfAt?: number) => {
      const picture = cornerUnit(shelfAt);
      const session = new MarkingSession(picture, { regions: 400 });
      const edge = borderRegions(session.superpixels);
      const points = cornerStroke.kind === 'stroke' ? cornerStroke.points : [];
      const regions = topRunOffRegions(session.graph, edge, prepareLineSupport(toLab(picture)), [points]);
      return [...regions].filter((region) => edge.left.has(region) && !edge.top.has(region));
    };
    expect(leftEdgeOver().length).toBeGreaterThan(0);
    expect(leftEdgeOver(60)).toEqual([]);
  });
});
