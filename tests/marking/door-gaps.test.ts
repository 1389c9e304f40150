import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { toLab } from '../../src/marking/colour-lab';
import { doorGaps, insideDoor, runOutline } from '../../src/marking/door-gaps';
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
