import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { toLab } from '../../src/marking/colour-lab';
import { DEFAULT_DOOR_GAPS, doorGaps, insideDoor, runOutline } from '../../src/marking/door-gaps';
import { DEFAULT_GROWTH_COSTS } from '../../src/marking/geodesic-growth';
import { prepareLineSupport } from '../../src/marking/line-support';
import { MarkingSession } from '../../src/marking/marking-session';
import { drawnPicture, drawnPlane, iou } from './drawn-pictures';

// Issue 32, D121: white gloss wall units under a white ceiling, the units' tops lost against it (no edge at all),
// and a faint band of reflection across the doors, as on kitchen-03's. One stroke across the doors, below the
// band: the growth alone gives the doors' tops to keep (it reaches them from the photo's top edge across no edge,
// the brush only across the band), so the doors are split by a shade; the gaps between the doors, traced from the
// stroke, say the doors go up to their tops.
const WIDTH = 320;
const HEIGHT = 200;
const UNITS = { left: 40, right: 280, top: 50, bottom: 140 };
const GAPS = [100, 160, 220];
const REFLECTION = 80;
const units = (x: number, y: number) =>
  x >= UNITS.left && x < UNITS.right && y >= UNITS.top && y < UNITS.bottom;
const picture = drawnPicture(WIDTH, HEIGHT, (x, y) => {
  if (units(x, y) && GAPS.some((gap) => Math.abs(x - gap) <= 1)) return [120, 120, 118];
  if (y >= UNITS.top && y < UNITS.bottom && (x === UNITS.left - 1 || x === UNITS.right))
    return [150, 150, 148];
  if (y === UNITS.bottom && x >= UNITS.left && x < UNITS.right) return [110, 110, 108];
  if (y > UNITS.bottom) return [96, 110, 130];
  if (units(x, y) && y >= REFLECTION && y < REFLECTION + 2) return [228, 228, 226];
  // Ceiling and units one white, shaded a little from the top down and from the middle out.
  const light = 246 - Math.round((y / HEIGHT) * 10) - Math.round(Math.abs(x - WIDTH / 2) / 40);
  return [light, light, light - 2];
});
const FRONTS = labelOf('fronts');
const across: Mark = { kind: 'stroke', brush: 'fronts', points: [55, 100, 265, 98] };
const truth = drawnPlane(WIDTH, HEIGHT, units);

describe('the gaps between doors', () => {
  it('are found where a stroke crosses them and traced to the ends of the doors', () => {
    const gaps = doorGaps(prepareLineSupport(toLab(picture)), across.kind === 'stroke' ? across.points : []);
    const real = gaps.filter((gap) => GAPS.some((x) => Math.abs(gap.at[0] - x) <= 2));
    expect(real).toHaveLength(GAPS.length);
    for (const gap of real) {
      const [, y0, , y1] = gap.ends;
      expect(Math.min(y0, y1)).toBeLessThanOrEqual(UNITS.top + 3);
      expect(Math.max(y0, y1)).toBeGreaterThanOrEqual(UNITS.bottom - 3);
    }
  });

  it('take the doors to their tops, where the photo alone splits them by a shade, and not the ceiling', () => {
    const traced = new MarkingSession(picture, { regions: 400 }).mark([across]).pixels;
    const untraced = new MarkingSession(picture, {
      regions: 400,
      costs: { ...DEFAULT_GROWTH_COSTS, doorTie: Number.NEGATIVE_INFINITY },
    }).mark([across]).pixels;
    expect(iou(traced, FRONTS, truth)).toBeGreaterThan(0.9);
    expect(iou(untraced, FRONTS, truth)).toBeLessThan(iou(traced, FRONTS, truth) - 0.1);
    const ceiling = drawnPlane(WIDTH, HEIGHT, (_, y) => y < UNITS.top - 4);
    expect(traced.filter((label, pixel) => label === FRONTS && ceiling[pixel] === 1)).toHaveLength(0);
  });

  it('give a door back to the photo, whole, where "Not this" is painted in it', () => {
    const session = new MarkingSession(picture, { regions: 400 });
    const doorTop = (x: number) => 60 * WIDTH + x;
    const before = session.mark([across]).pixels;
    expect([before[doorTop(130)], before[doorTop(190)]]).toEqual([FRONTS, FRONTS]);
    // "Not this" low down in the second door, well away from its top.
    const notThis: Mark = { kind: 'stroke', brush: 'not-this', points: [118, 125, 142, 125] };
    const after = session.mark([across, notThis]).pixels;
    expect(after[doorTop(130)]).not.toBe(FRONTS);
    expect(after[doorTop(190)]).toBe(FRONTS);
  });

  it('never take back what the visitor painted "Not this"', () => {
    const notThis: Mark = { kind: 'stroke', brush: 'not-this', points: [110, 60, 150, 60] };
    const { pixels } = new MarkingSession(picture, { regions: 400 }).mark([across, notThis]);
    expect(pixels[60 * WIDTH + 130]).not.toBe(FRONTS);
  });
});

// D121: where every gap of a run ends together, that is the run's own edge (the doors' bottom over a plinth), and
// just past it the brush needs a real edge to win; a gap stopped short (by a handle) makes no edge of its side.
describe("a run's own edge", () => {
  const support = prepareLineSupport(toLab(picture));
  const points = across.kind === 'stroke' ? across.points : [];
  const past = (x: number, y: number) =>
    runOutline(support, [points]).pastEdges.some((band) => insideDoor(band, x, y));

  it('is where the gaps all end, with a band just past it, and none inside the doors', () => {
    expect(past(130, UNITS.bottom + 6)).toBe(true);
    expect(past(130, UNITS.bottom - 6)).toBe(false);
    expect(past(130, 100)).toBe(false);
  });

  it('is not where one gap stops short of the others', () => {
    const shortGap = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      const [r, g, b] = picture.data.subarray((y * WIDTH + x) * 4, (y * WIDTH + x) * 4 + 3);
      // The middle gap painted over in its lowest quarter, as a handle or a knot might break it.
      if (Math.abs(x - 160) <= 1 && y > 118 && y < UNITS.bottom) return [236, 236, 234];
      return [r ?? 0, g ?? 0, b ?? 0];
    });
    const outline = runOutline(prepareLineSupport(toLab(shortGap)), [points]);
    expect(outline.pastEdges.some((band) => insideDoor(band, 130, UNITS.bottom + 6))).toBe(false);
  });
});

// Wall units seen from below and to the left: their top edge slants, so each gap is longer than the one before it.
// The door between two gaps reaches each one's own end, not only as far as the shorter runs on.
describe('doors seen in perspective', () => {
  const slantedTop = (x: number) => 50 + Math.round((x - UNITS.left) * 0.2);
  const slanted = drawnPicture(WIDTH, HEIGHT, (x, y) => {
    const inUnits = x >= UNITS.left && x < UNITS.right && y >= slantedTop(x) && y < UNITS.bottom;
    if (inUnits && GAPS.some((gap) => Math.abs(x - gap) <= 1)) return [120, 120, 118];
    if (y > UNITS.bottom) return [96, 110, 130];
    return inUnits ? [238, 238, 236] : [246, 246, 244];
  });
  const doors = runOutline(prepareLineSupport(toLab(slanted)), [[55, 110, 265, 110]]).doors;
  // Just under the top of the door between the gaps at 100 and 160: beside the longer gap (at 100, the top is
  // higher there) and beside the shorter.
  const besideLonger = [104, slantedTop(104) + 3] as const;
  const besideShorter = [156, slantedTop(156) + 3] as const;

  it("reaches each gap's own end along the slanted top", () => {
    expect(doors.some((door) => insideDoor(door, ...besideLonger))).toBe(true);
    expect(doors.some((door) => insideDoor(door, ...besideShorter))).toBe(true);
  });

  it('would lose the top beside the longer gap if both stopped where the shorter does', () => {
    const atTheShorter = runOutline(prepareLineSupport(toLab(slanted)), [[55, 110, 265, 110]], {
      ...DEFAULT_DOOR_GAPS,
      sameEdge: 0,
    }).doors;
    expect(atTheShorter.some((door) => insideDoor(door, ...besideLonger))).toBe(false);
  });

  it('stops at the shorter gap where one runs on well beyond the other (an end panel into the floor)', () => {
    const intoTheFloor = drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (Math.abs(x - 160) <= 1 && y >= UNITS.bottom && y < UNITS.bottom + 50) return [120, 120, 118];
      const at = (y * WIDTH + x) * 4;
      return [slanted.data[at] ?? 0, slanted.data[at + 1] ?? 0, slanted.data[at + 2] ?? 0];
    });
    const floorDoors = runOutline(prepareLineSupport(toLab(intoTheFloor)), [[55, 110, 265, 110]]).doors;
    expect(floorDoors.some((door) => insideDoor(door, 150, UNITS.bottom + 20))).toBe(false);
  });
});

// Wall units that run off the top of the photo, with a glare over the last rows of their gaps: the gaps run on off
// the photo, and the doors with them. Where the units' own top edge lies across the way (a ceiling strip above
// them), the doors stop there.
describe('doors that run off the photo', () => {
  const GLARE = 10;
  const runOff = (topEdge: number) =>
    drawnPicture(WIDTH, HEIGHT, (x, y) => {
      if (y < topEdge) return [246, 246, 244];
      if (y === topEdge && topEdge > 0) return [90, 90, 90];
      const inUnits = x >= UNITS.left && x < UNITS.right && y < UNITS.bottom;
      if (inUnits && y >= GLARE && GAPS.some((gap) => Math.abs(x - gap) <= 1)) return [120, 120, 118];
      if (y > UNITS.bottom) return [96, 110, 130];
      return inUnits ? [240, 240, 238] : [246, 246, 244];
    });
  const stroke = [55, 90, 265, 90];
  const doorsIn = (topEdge: number) => runOutline(prepareLineSupport(toLab(runOff(topEdge))), [stroke]).doors;

  it('reach the photo edge past the glare', () => {
    expect(doorsIn(0).some((door) => insideDoor(door, 130, 2))).toBe(true);
    const withoutRunningOn = runOutline(prepareLineSupport(toLab(runOff(0))), [stroke], {
      ...DEFAULT_DOOR_GAPS,
      offPhoto: 0,
    }).doors;
    expect(withoutRunningOn.some((door) => insideDoor(door, 130, 2))).toBe(false);
  });

  it('stop at a line across their way, and the strip above stays the photo', () => {
    const TOP = 6;
    // The gaps reach the units' top only where the glare ends: the units start at TOP, the glare runs to 10.
    expect(doorsIn(TOP).some((door) => insideDoor(door, 130, TOP - 3))).toBe(false);
    const { pixels } = new MarkingSession(runOff(TOP), { regions: 400 }).mark([
      { kind: 'stroke', brush: 'fronts', points: stroke },
    ]);
    const strip = drawnPlane(WIDTH, HEIGHT, (x, y) => y < TOP && x >= UNITS.left && x < UNITS.right);
    expect(pixels.filter((label, pixel) => label === FRONTS && strip[pixel] === 1)).toHaveLength(0);
  });
});
