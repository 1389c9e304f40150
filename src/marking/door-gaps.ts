// Where a run of fronts reaches (issue 32). A stroke along a run crosses the gaps between its doors, and each gap
// is a thin straight line that runs on across the whole run, from its bottom to its top, however faint the run's
// own outline is against a wall or ceiling of the same white. Traced from the stroke, the gaps say where the doors
// are: between two neighbouring gaps, as far as both run on. The growth uses them where the photo cannot decide
// (`GrowthCosts.doorTie`, D121).
import { edgeNormal, type LineSupport, lineStrength, strengthAcross } from './line-support';

export interface DoorGapOptions {
  /** How much stronger than the median along the stroke a crossing must be to be taken for a gap. */
  readonly contrast: number;
  /** A gap is followed while its strength stays above this share of its strength where the stroke crosses it. */
  readonly keepUp: number;
  /** Crossings nearer than this, as a share of the long side, are one gap. */
  readonly apart: number;
  /** Two gaps farther apart than this share of the long side bound no door between them. */
  readonly widest: number;
  /** The least cosine between a gap's two halves taken the same way: a gap is straight. */
  readonly straight: number;
  /** The least cosine between a door's two sides: they run nearly parallel. */
  readonly parallel: number;
  /**
   * The most the gaps' lengths on one side of a stroke may differ, as a share of the long side, for their ends to
   * be the run's own edge there (the doors' bottom above a plinth), not gaps stopped short by a handle.
   */
  readonly edgeSpread: number;
  /** How far past such an edge, as a share of the door's height on that side, lies what is past the run. */
  readonly pastEdge: number;
  /**
   * The most two neighbouring gaps' lengths on one side may differ, as a share of the longer, for both to end at
   * the run's same edge seen in perspective (the nearer gap is the longer): the door then reaches each one's own end.
   */
  readonly sameEdge: number;
  /**
   * A gap that ends this near the photo's edge (a share of the long side) runs on off the photo: a glare on gloss
   * hides its last pixels, and the doors of a run cut off by the photo go on past it.
   */
  readonly offPhoto: number;
  /**
   * A line across a gap's way to the photo's edge at least this share of the gap's own strength is the run's edge
   * (the units' top below a ceiling strip): the gap does not run on past it.
   */
  readonly crossing: number;
}

// Chosen on the nine tuning kitchens with natural strokes (D121, D134).
export const DEFAULT_DOOR_GAPS: DoorGapOptions = {
  contrast: 2.5,
  keepUp: 0.3,
  apart: 0.012,
  widest: 0.3,
  straight: 0.99,
  parallel: 0.985,
  edgeSpread: 0.01,
  pastEdge: 0.15,
  sameEdge: 0.35,
  offPhoto: 0.04,
  crossing: 0.5,
};

/** A gap traced both ways from where a stroke crosses it. */
export interface DoorGap {
  /** How far along the stroke it is crossed, in pixels. */
  readonly along: number;
  /** Where the stroke crosses it. */
  readonly at: readonly [x: number, y: number];
  /** Its two ends: first the one on the left of the stroke's direction, then the one on its right. */
  readonly ends: readonly [x0: number, y0: number, x1: number, y1: number];
}

/** A door, or a band past one: four corners (x, y each) in order round it. */
export type Door = readonly number[];

/** What the strokes across a run say of it. */
export interface RunOutline {
  /** Between neighbouring gaps, and from each stroke's ends to its outermost gaps. */
  readonly doors: Door[];
  /** Just past the run's own edge, where all its gaps end together: a plinth under base doors, a wall above. */
  readonly pastEdges: Door[];
}

/** The doors along every stroke, and what lies just past the runs' edges. */
export function runOutline(
  support: LineSupport,
  strokes: readonly (readonly number[])[],
  options = DEFAULT_DOOR_GAPS,
): RunOutline {
  const longSide = Math.max(support.width, support.height);
  const outlines = strokes.map((points) =>
    doorsBetween(doorGaps(support, points, options), longSide, options),
  );
  return {
    doors: outlines.flatMap(({ doors }) => doors),
    pastEdges: outlines.flatMap(({ pastEdges }) => pastEdges),
  };
}

interface StrokeSample {
  readonly x: number;
  readonly y: number;
  /** The stroke's direction there (a unit vector). */
  readonly ux: number;
  readonly uy: number;
  readonly along: number;
}

/** The stroke's pixels one apart, with its direction at each, within the picture. */
function strokeSamples(points: readonly number[], width: number, height: number): StrokeSample[] {
  const samples: StrokeSample[] = [];
  let along = 0;
  for (let i = 0; i + 3 < points.length; i += 2) {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = points.slice(i, i + 4);
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length === 0) continue;
    for (let t = 0; t < length; t++) {
      const x = Math.round(x0 + ((x1 - x0) * t) / length);
      const y = Math.round(y0 + ((y1 - y0) * t) / length);
      if (x >= 0 && y >= 0 && x < width && y < height)
        samples.push({ x, y, ux: (x1 - x0) / length, uy: (y1 - y0) / length, along: along + t });
    }
    along += length;
  }
  return samples;
}

/** The gaps a stroke (x, y pairs) crosses, each traced both ways as far as it runs on. */
export function doorGaps(
  support: LineSupport,
  points: readonly number[],
  options = DEFAULT_DOOR_GAPS,
): DoorGap[] {
  const { width, height } = support;
  const longSide = Math.max(width, height);
  const samples = strokeSamples(points, width, height);
  if (samples.length < 8) return [];
  // A gap crossing the stroke changes the colour along it; averaged over three pixels across the stroke.
  const crossing = samples.map(({ x, y, ux, uy }) => {
    let sum = 0;
    for (let step = -1; step <= 1; step++) {
      const sx = Math.min(width - 1, Math.max(0, Math.round(x - step * uy)));
      const sy = Math.min(height - 1, Math.max(0, Math.round(y + step * ux)));
      sum += strengthAcross(support, sx, sy, ux, uy);
    }
    return sum / 3;
  });
  const median = [...crossing].sort((a, b) => a - b)[crossing.length >> 1] ?? 0;
  const apart = Math.max(3, Math.round(options.apart * longSide));
  const gaps: DoorGap[] = [];
  crossing.forEach((strength, i) => {
    const sample = samples[i];
    if (!sample || strength < options.contrast * Math.max(median, 0.5)) return;
    for (let j = Math.max(0, i - apart); j <= Math.min(crossing.length - 1, i + apart); j++) {
      const other = crossing[j] ?? 0;
      if (other > strength || (other === strength && j < i)) return;
    }
    const [dx, dy] = lineDirection(support, sample.x, sample.y);
    // A gap crosses the run: a line along the stroke (a drawer's edge, a handle's rail) is none.
    if (Math.abs(dx * sample.ux + dy * sample.uy) > 0.7) return;
    const floor = options.keepUp * strength;
    const onOffPhoto = (end: [number, number], ex: number, ey: number) =>
      runOffPhoto(support, end, ex, ey, options.offPhoto * longSide, options.crossing * strength);
    const one = onOffPhoto(traceLine(support, sample.x, sample.y, dx, dy, floor, longSide), dx, dy);
    const other = onOffPhoto(traceLine(support, sample.x, sample.y, -dx, -dy, floor, longSide), -dx, -dy);
    // Its two halves run on in one line: a pendant's cord that bends or a curved shadow is no gap.
    const [ax, ay, bx, by] = [one[0] - sample.x, one[1] - sample.y, other[0] - sample.x, other[1] - sample.y];
    const lengths = Math.hypot(ax, ay) * Math.hypot(bx, by);
    if (lengths > 0 && -(ax * bx + ay * by) / lengths < options.straight) return;
    const leftFirst = sample.ux * dy - sample.uy * dx > 0;
    gaps.push({
      along: sample.along,
      at: [sample.x, sample.y],
      ends: leftFirst ? [one[0], one[1], other[0], other[1]] : [other[0], other[1], one[0], one[1]],
    });
  });
  return [...gaps, ...strokeEnds(samples, gaps)];
}

/**
 * The stroke's own ends as gaps shaped like the outermost real ones: a visitor strokes a run from end to end, so
 * the end doors lie between them, but no farther from the outermost gap than the run's usual door (the median
 * spacing of its gaps), or a stroke that runs on over a wall would take it.
 */
function strokeEnds(samples: readonly StrokeSample[], gaps: readonly DoorGap[]): DoorGap[] {
  const sorted = [...gaps].sort((a, b) => a.along - b.along);
  const spacings = sorted.slice(1).map((gap, i) => gap.along - (sorted[i]?.along ?? 0));
  const usual = spacings.sort((a, b) => a - b)[spacings.length >> 1];
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (usual === undefined || !first || !last) return [];
  const ends: DoorGap[] = [];
  for (const [end, outermost] of [
    [samples[0], first],
    [samples[samples.length - 1], last],
  ] as const) {
    if (!end) continue;
    const distance = Math.abs(end.along - outermost.along);
    if (distance < 3 || distance > usual) continue;
    const [x, y] = outermost.at;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = outermost.ends;
    ends.push({
      along: end.along,
      at: [end.x, end.y],
      ends: [end.x + x0 - x, end.y + y0 - y, end.x + x1 - x, end.y + y1 - y],
    });
  }
  return ends;
}

/**
 * The doors between neighbouring gaps. On each side of the stroke a door reaches each gap's own end where both end
 * at the run's same edge (their lengths differ by a perspective's share), else as far as the shorter runs on: a
 * line that runs on well beyond its neighbour (a run's end panel into the floor) is no longer a door's edge.
 * Where every gap ends together on one side, that is the run's edge, and the band just past it is past the run.
 */
function doorsBetween(gaps: readonly DoorGap[], longSide: number, options = DEFAULT_DOOR_GAPS): RunOutline {
  const sorted = [...gaps].sort((a, b) => a.along - b.along);
  const runsToAnEdge = ([0, 1] as const).map((side) => {
    const lengths = sorted.map((gap) => halfOf(gap, side).length);
    return (
      lengths.length >= 3 && Math.max(...lengths) - Math.min(...lengths) <= options.edgeSpread * longSide
    );
  });
  const doors: Door[] = [];
  const pastEdges: Door[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const one = sorted[i];
    const next = sorted[i + 1];
    if (!one || !next || next.along - one.along > options.widest * longSide) continue;
    if (cosineBetween(one, next) < options.parallel) continue;
    const halves = ([0, 1] as const).map((side) => {
      const a = halfOf(one, side);
      const b = halfOf(next, side);
      const shorter = Math.min(a.length, b.length);
      const atOwnEnds = Math.abs(a.length - b.length) <= options.sameEdge * Math.max(a.length, b.length);
      const [reachA, reachB] = atOwnEnds ? [a.length, b.length] : [shorter, shorter];
      // The corners along each gap from where the stroke crosses it, `to` of each one's reach.
      const at = (to: (reach: number) => number) => [
        one.at[0] + a.dx * to(reachA),
        one.at[1] + a.dy * to(reachA),
        next.at[0] + b.dx * to(reachB),
        next.at[1] + b.dy * to(reachB),
      ];
      // Two pixels clear of the edge itself, which the refinement settles.
      if (runsToAnEdge[side]) {
        const [ax0 = 0, ay0 = 0, bx0 = 0, by0 = 0] = at((reach) => reach + 2);
        const [ax1 = 0, ay1 = 0, bx1 = 0, by1 = 0] = at((reach) => reach * (1 + options.pastEdge) + 2);
        pastEdges.push([ax0, ay0, bx0, by0, bx1, by1, ax1, ay1]);
      }
      return at((reach) => reach);
    });
    const [[ax0, ay0, bx0, by0] = [], [ax1, ay1, bx1, by1] = []] = halves;
    doors.push([ax0, ay0, bx0, by0, bx1, by1, ax1, ay1].map((value) => value ?? 0));
  }
  return { doors, pastEdges };
}

/** One half of a gap, from where the stroke crosses it to one end: its length and direction. */
function halfOf(gap: DoorGap, side: 0 | 1) {
  const [x, y] = gap.at;
  const ex = gap.ends[side * 2] ?? x;
  const ey = gap.ends[side * 2 + 1] ?? y;
  const length = Math.hypot(ex - x, ey - y);
  return { length, dx: length === 0 ? 0 : (ex - x) / length, dy: length === 0 ? 0 : (ey - y) / length };
}

/** The cosine between two gaps, each taken from its first end to its second. */
function cosineBetween(one: DoorGap, other: DoorGap): number {
  const [ax0 = 0, ay0 = 0, ax1 = 0, ay1 = 0] = one.ends;
  const [bx0 = 0, by0 = 0, bx1 = 0, by1 = 0] = other.ends;
  const lengths = Math.hypot(ax1 - ax0, ay1 - ay0) * Math.hypot(bx1 - bx0, by1 - by0);
  return lengths === 0 ? 0 : ((ax1 - ax0) * (bx1 - bx0) + (ay1 - ay0) * (by1 - by0)) / lengths;
}

/** Whether (x, y) lies inside the convex quadrilateral `door` (a door or a band past one). */
export function insideDoor(door: Door, x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const ax = door[i * 2] ?? 0;
    const ay = door[i * 2 + 1] ?? 0;
    const bx = door[((i + 1) % 4) * 2] ?? 0;
    const by = door[((i + 1) % 4) * 2 + 1] ?? 0;
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The direction a line runs at (x, y): along the edge, normal to the tensor summed over 5 × 5. */
function lineDirection(support: LineSupport, x: number, y: number): [number, number] {
  const [nx, ny] = edgeNormal(support, x, y, 2);
  return [-ny, nx];
}

/**
 * A gap's end `within` pixels of the photo's edge, taken on along the gap to the edge, unless a line at least
 * `crossing` strong lies across its way there.
 */
function runOffPhoto(
  support: LineSupport,
  [x, y]: [number, number],
  dx: number,
  dy: number,
  within: number,
  crossing: number,
): [number, number] {
  const { width, height } = support;
  const toEdge = Math.min(
    dx > 0 ? (width - 1 - x) / dx : dx < 0 ? -x / dx : Number.POSITIVE_INFINITY,
    dy > 0 ? (height - 1 - y) / dy : dy < 0 ? -y / dy : Number.POSITIVE_INFINITY,
  );
  if (toEdge > within) return [x, y];
  // From two pixels on: the gap's own last pixels are strong across it where it ends in a corner. A line across
  // runs along (-dy, dx).
  for (let step = 2; step < toEdge; step++)
    if (lineStrength(support, Math.round(x + dx * step), Math.round(y + dy * step), -dy, dx) >= crossing)
      return [x, y];
  return [x + dx * toEdge, y + dy * toEdge];
}

/**
 * Follows a line from (x, y) in direction (dx, dy), stepping to whichever of the next pixel and its neighbours
 * across is strongest across the line, while it stays above `floor` (a few weak pixels are crossed: a handle or
 * a knot may break a gap); returns the last strong point.
 */
function traceLine(
  support: LineSupport,
  x: number,
  y: number,
  dx: number,
  dy: number,
  floor: number,
  longSide: number,
): [number, number] {
  const { width, height } = support;
  let [px, py] = [x, y];
  let [ex, ey] = [x, y];
  let weak = 0;
  for (let step = 0; step < 0.8 * longSide; step++) {
    const nx = px + dx;
    const ny = py + dy;
    if (nx < 0 || ny < 0 || nx > width - 1 || ny > height - 1) break;
    let best = -1;
    for (const side of [0, -1, 1]) {
      const cx = Math.round(nx - side * dy);
      const cy = Math.round(ny + side * dx);
      if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
      const strength = strengthAcross(support, cx, cy, -dy, dx);
      if (strength > best) {
        best = strength;
        // Half a pixel towards a stronger neighbour: the trace follows a gap that leans, without jumping off it.
        [px, py] = [nx - side * dy * 0.5, ny + side * dx * 0.5];
      }
    }
    if (best >= floor) {
      weak = 0;
      [ex, ey] = [px, py];
    } else if (++weak > 4) break;
  }
  return [ex, ey];
}
