import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { DEFAULT_COUNTER_FACE } from '../../src/marking/counter-face';
import { MarkingSession } from '../../src/marking/marking-session';
import { drawnPicture, drawnPlane, type Rgb } from './drawn-pictures';

// Issue 32, kitchen-04: a white quartz island's top seen from above, its front face a band of the same quartz in
// shade below the crease, then a shadow line and the island's grey fronts, the room's grey-white walls beyond its
// ends. The face is as alike to the walls as to the top, so the growth stopped at the crease and the visitor's oak
// top came back with a white edge. The face is the worktop's.
const WIDTH = 320;
const HEIGHT = 200;
const QUARTZ: Rgb = [238, 238, 236];
const CREASE: Rgb = [252, 252, 250];
const QUARTZ_IN_SHADE: Rgb = [206, 206, 204];
const WALL: Rgb = [202, 204, 207];
const FRONTS: Rgb = [120, 124, 130];
const SHADOW: Rgb = [40, 40, 42];
const TOP = { from: 60, to: 120 };
const FACE = { from: 120, to: 126 };

const stroke: Mark = { kind: 'stroke', brush: 'worktop', points: [50, 90, 270, 90] };
const WORKTOP = labelOf('worktop');
const share = (pixels: Uint8Array, plane: Uint8Array) =>
  pixels.filter((label, pixel) => label === WORKTOP && plane[pixel] === 1).length /
  plane.filter(Boolean).length;
const without = { ...DEFAULT_COUNTER_FACE, shortestRun: Number.POSITIVE_INFINITY };

describe("a counter's front face", () => {
  const beyondEnds = (x: number) => x < 30 || x >= 290;
  const island = drawnPicture(WIDTH, HEIGHT, (x, y) => {
    if (y < TOP.from || beyondEnds(x)) return WALL;
    if (y < TOP.to) return y === TOP.to - 1 ? CREASE : QUARTZ;
    if (y < FACE.to) return QUARTZ_IN_SHADE;
    if (y < FACE.to + 2) return SHADOW;
    return FRONTS;
  });
  const face = drawnPlane(WIDTH, HEIGHT, (x, y) => !beyondEnds(x) && y >= FACE.from && y < FACE.to);
  const fronts = drawnPlane(WIDTH, HEIGHT, (x, y) => !beyondEnds(x) && y >= FACE.to + 2);

  it('is marked with the top it edges, and nothing below it is', () => {
    const { pixels } = new MarkingSession(island, { regions: 400 }).mark([stroke]);
    expect(share(pixels, face)).toBeGreaterThan(0.9);
    expect(share(pixels, fronts)).toBe(0);
  });

  it('is what the face step adds: the growth alone stops at the crease', () => {
    const { pixels } = new MarkingSession(island, { regions: 400, counterFace: without }).mark([stroke]);
    expect(share(pixels, face)).toBeLessThan(0.2);
  });

  it('is never taken where the visitor painted "Not this"', () => {
    const notThis: Mark = { kind: 'stroke', brush: 'not-this', points: [40, 125, 280, 125] };
    const { pixels } = new MarkingSession(island, { regions: 400 }).mark([stroke, notThis]);
    expect(share(pixels, face)).toBeLessThan(0.2);
  });
});

describe('what is not a face', () => {
  it('is the far wall of a sink set into the top: the counter goes on below it', () => {
    const basin = (x: number, y: number) => x >= 120 && x < 200 && y >= 100 && y < 112;
    const sink = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (y < TOP.from) return WALL;
      if (basin(x, y)) return y < 104 ? QUARTZ_IN_SHADE : SHADOW;
      if (y < 150) return QUARTZ;
      return FRONTS;
    });
    const farWall = drawnPlane(WIDTH, HEIGHT, (x, y) => basin(x, y) && y < 104);
    const { pixels } = new MarkingSession(sink, { regions: 400 }).mark([
      { kind: 'stroke', brush: 'worktop', points: [40, 80, 280, 80, 280, 130, 40, 130] },
    ]);
    expect(share(pixels, farWall)).toBeLessThan(0.2);
  });

  it('is a drawer front as deep as the counter top seen above it', () => {
    // Within the thickest face (2.5% of the long side), but deeper than the top.
    const shallowTop = { from: 60, to: 66 };
    const drawer = { from: 66, to: 73 };
    const counter = drawnPicture(WIDTH, HEIGHT, (_, y) => {
      if (y < shallowTop.from) return WALL;
      if (y < shallowTop.to) return QUARTZ;
      if (y < drawer.to) return QUARTZ_IN_SHADE;
      if (y < drawer.to + 2) return SHADOW;
      return FRONTS;
    });
    const drawerFront = drawnPlane(WIDTH, HEIGHT, (_, y) => y >= drawer.from && y < drawer.to);
    const { pixels } = new MarkingSession(counter, { regions: 400 }).mark([
      { kind: 'stroke', brush: 'worktop', points: [50, 63, 270, 63] },
    ]);
    expect(share(pixels, drawerFront)).toBeLessThan(0.2);
  });
});
