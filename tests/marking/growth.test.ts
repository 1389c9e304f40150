import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { borderRegions } from '../../src/marking/keep-seeds';
import { MarkingSession, surfaceMask } from '../../src/marking/marking-session';
import { MinHeap } from '../../src/marking/min-heap';
import { DEFAULT_COUNTER_RUN_OFF, runOffRegions } from '../../src/marking/run-off-edges';
import { seedRegions } from '../../src/marking/stroke-seeds';
import { drawnPicture, drawnPlane, iou } from './drawn-pictures';

// A wall with two navy doors far apart, a wooden worktop strip between them, and a diagonal cut across the
// right door so its edge runs off the superpixel grid.
const WIDTH = 300;
const HEIGHT = 200;
const leftDoor = (x: number, y: number) => x >= 20 && x < 110 && y >= 100 && y < 190;
const rightDoor = (x: number, y: number) => x >= 190 && x < 280 && y >= 100 && y < 190 && x + 0.5 * y > 250;
const worktop = (x: number, y: number) => y >= 80 && y < 96 && x >= 10 && x < 290;
const picture = drawnPicture(WIDTH, HEIGHT, (x, y) => {
  if (leftDoor(x, y) || rightDoor(x, y)) return [38, 52, 88];
  if (worktop(x, y)) return [168, 120, 72];
  return [226, 222, 212];
});
const doors = drawnPlane(WIDTH, HEIGHT, (x, y) => leftDoor(x, y) || rightDoor(x, y));
const leftDoorPlane = drawnPlane(WIDTH, HEIGHT, leftDoor);
const worktopPlane = drawnPlane(WIDTH, HEIGHT, worktop);
const session = new MarkingSession(picture, { regions: 300 });
const FRONTS = labelOf('fronts');

const swipe = (brush: Mark['brush'], ...points: number[]): Mark => ({ kind: 'stroke', brush, points });

describe('growing a surface from a stroke', () => {
  it('marks nothing before the first stroke', () => {
    const marking = session.mark([]);
    expect(marking.pixels.every((label) => label === 0)).toBe(true);
    expect(marking.lookAlikes.regions).toHaveLength(0);
  });

  it('grows a swipe on a door to the whole door, to its edge pixel for pixel, and no further', () => {
    const { pixels } = session.mark([swipe('fronts', 40, 140, 90, 150)]);
    expect(iou(pixels, FRONTS, leftDoorPlane)).toBeGreaterThan(0.97);
  });

  it('offers the other door, which looks the same, and not the wall or the worktop', () => {
    const { lookAlikes } = session.mark([swipe('fronts', 40, 140, 90, 150)]);
    expect(lookAlikes.brush).toBe('fronts');
    expect(lookAlikes.areas).toBe(1);
    const accepted = session.mark([
      swipe('fronts', 40, 140, 90, 150),
      { kind: 'regions', brush: 'fronts', regions: lookAlikes.regions },
    ]);
    expect(iou(accepted.pixels, FRONTS, doors)).toBeGreaterThan(0.95);
  });

  it('keeps two surfaces apart, each in its own mask', () => {
    const { pixels } = session.mark([swipe('fronts', 40, 140, 90, 150), swipe('worktop', 30, 88, 270, 88)]);
    expect(iou(pixels, labelOf('worktop'), worktopPlane)).toBeGreaterThan(0.95);
    expect(iou(pixels, FRONTS, leftDoorPlane)).toBeGreaterThan(0.97);
    const mask = surfaceMask(pixels, 'worktop');
    expect(mask.every((value, pixel) => value === (pixels[pixel] === labelOf('worktop') ? 255 : 0))).toBe(
      true,
    );
  });

  it('lets a later "Not this" take back what a stroke took', () => {
    const wall = drawnPlane(WIDTH, HEIGHT, (x, y) => !leftDoor(x, y) && !rightDoor(x, y) && !worktop(x, y));
    const onTheWall = session.mark([swipe('fronts', 150, 30, 160, 40)]);
    expect(iou(onTheWall.pixels, FRONTS, wall)).toBeGreaterThan(0);
    const corrected = session.mark([swipe('fronts', 150, 30, 160, 40), swipe('not-this', 140, 20, 170, 50)]);
    expect(corrected.pixels.some((label) => label === FRONTS)).toBe(false);
    expect(corrected.lookAlikes.regions).toHaveLength(0);
  });

  it('keeps the wall the photo\'s own when a stroke on a door does not claim it, without a "Not this"', () => {
    const { pixels } = session.mark([swipe('fronts', 40, 140, 90, 150), swipe('worktop', 30, 88, 270, 88)]);
    const wallMarked = pixels.filter(
      (label, pixel) =>
        label !== 0 &&
        !leftDoor(pixel % WIDTH, Math.floor(pixel / WIDTH)) &&
        !rightDoor(pixel % WIDTH, Math.floor(pixel / WIDTH)) &&
        !worktop(pixel % WIDTH, Math.floor(pixel / WIDTH)),
    ).length;
    expect(wallMarked / (WIDTH * HEIGHT)).toBeLessThan(0.01);
  });
});

describe('a run of units that runs off the photo', () => {
  // A row of drawers, a dark gap, and doors cut off by the photo's bottom edge, between two stretches of wall.
  const run = (x: number) => x >= 30 && x < 270;
  const drawers = (x: number, y: number) => run(x) && y >= 100 && y < 130;
  const doorsBelow = (x: number, y: number) => run(x) && y >= 132;
  const baseUnits = drawnPicture(WIDTH, HEIGHT, (x, y) => {
    if (drawers(x, y) || doorsBelow(x, y)) return [38, 52, 88];
    if (run(x) && y >= 130) return [22, 30, 52];
    return [226, 222, 212];
  });
  const fronts = drawnPlane(WIDTH, HEIGHT, (x, y) => drawers(x, y) || doorsBelow(x, y));
  const units = new MarkingSession(baseUnits, { regions: 300 });

  it('takes the doors below a stroke along the drawers, across the gap, and not the wall beside them', () => {
    const { pixels } = units.mark([swipe('fronts', 60, 115, 240, 115)]);
    expect(iou(pixels, FRONTS, fronts)).toBeGreaterThan(0.9);
  });

  it('takes the last door where a stroke heads off the side of the photo, and not the floor', () => {
    const runOff = (x: number, y: number) => x >= 30 && y >= 110 && y < 150 && x !== 120 && x !== 210;
    const sideways = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (runOff(x, y)) return [38, 52, 88];
      if (x >= 30 && y >= 110 && y < 150) return [22, 30, 52];
      return y >= 150 ? [150, 110, 70] : [226, 222, 212];
    });
    const { pixels } = new MarkingSession(sideways, { regions: 300 }).mark([
      swipe('fronts', 50, 130, 180, 130),
    ]);
    expect(iou(pixels, FRONTS, drawnPlane(WIDTH, HEIGHT, runOff))).toBeGreaterThan(0.9);
  });
  it('takes a counter past its joint where a stroke heads off the side of the photo, and not the wall', () => {
    // A wooden counter from x = 30 to the photo's right edge, a dark joint across it at x = 150.
    const counter = (x: number, y: number) => x >= 30 && y >= 80 && y < 100 && x !== 150 && x !== 151;
    const counterRun = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (counter(x, y)) return [168, 120, 72];
      if (x >= 30 && y >= 80 && y < 100) return [40, 30, 20];
      return y >= 100 ? [38, 52, 88] : [226, 222, 212];
    });
    const { pixels } = new MarkingSession(counterRun, { regions: 300 }).mark([
      swipe('worktop', 50, 90, 130, 90),
    ]);
    expect(iou(pixels, labelOf('worktop'), drawnPlane(WIDTH, HEIGHT, counter))).toBeGreaterThan(0.9);
  });

  it('never counts the bottom edge below a counter as its own: below it are its fronts and the floor', () => {
    const edge = borderRegions(session.superpixels);
    const counterRunOff = runOffRegions(
      session.graph,
      edge,
      [[60, 88, 240, 88]],
      WIDTH,
      DEFAULT_COUNTER_RUN_OFF,
    );
    expect([...counterRunOff].some((region) => edge.bottom.has(region))).toBe(false);
    expect(counterRunOff.size).toBeGreaterThan(0);
  });

  it("never counts the top edge as a run's, where a white ceiling meets white wall units", () => {
    const edge = borderRegions(session.superpixels);
    const headingUp = runOffRegions(session.graph, edge, [[60, 150, 150, 0]], WIDTH);
    expect(headingUp.size).toBeGreaterThan(0);
    expect([...headingUp].some((region) => edge.top.has(region))).toBe(false);
  });
});

describe('seeds from marks', () => {
  it('pins every superpixel a fast swipe crosses, with no gaps between its points', () => {
    const seeds = seedRegions(session.superpixels, [swipe('worktop', 12, 88, 288, 88)]);
    const { labels } = session.superpixels;
    for (let x = 12; x <= 288; x++) expect(seeds[labels[88 * WIDTH + x] ?? 0]).toBe(labelOf('worktop'));
  });

  it('takes a tap (one point) as a mark, and lets the later of two marks win', () => {
    const region = session.superpixels.labels[150 * WIDTH + 60] ?? 0;
    expect(seedRegions(session.superpixels, [swipe('fronts', 60, 150)])[region]).toBe(FRONTS);
    const both = seedRegions(session.superpixels, [swipe('fronts', 60, 150), swipe('not-this', 60, 150)]);
    expect(both[region]).toBe(labelOf('not-this'));
  });
});

describe('the heap behind the growth', () => {
  it('pops keys smallest first, growing past its first size', () => {
    const heap = new MinHeap(2);
    const keys = [5, 3, 9, 1, 7, 1, 8];
    for (const [value, key] of keys.entries()) heap.push(key, value);
    const popped: number[] = [];
    while (heap.size > 0) popped.push(heap.pop()[0]);
    expect(popped).toEqual([...keys].sort((a, b) => a - b));
    expect(() => heap.pop()).toThrow(RangeError);
  });
});
