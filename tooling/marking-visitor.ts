// A simulated visitor marking a kitchen whose true masks are known: each move strokes the largest area still
// wrong, through its middle, with the brush that area should have ("Not this" for what is neither surface), and
// accepts a look-alike offer when most of it is right, as a person looking at the overlay would. Used by the
// marking tests (IoU within a stated number of moves) and the strokes-needed benchmark.
import type { Brush, Mark } from '../src/marking/brushes';
import { labelOf } from '../src/marking/brushes';
import type { Marking, MarkingSession } from '../src/marking/marking-session';

export interface Truth {
  readonly width: number;
  readonly height: number;
  /** Per pixel: 0 neither, then the label of fronts or worktop. */
  readonly labels: Uint8Array;
}

export interface VisitorGoal {
  readonly fronts: number;
  readonly worktop: number;
}

export interface VisitorMove {
  readonly mark: Mark;
  readonly iou: { fronts: number; worktop: number };
}

/** The truth as labels, from the renderer's 0/255 planes. */
export function truthOf(width: number, height: number, fronts: Uint8Array, worktop: Uint8Array): Truth {
  const labels = new Uint8Array(width * height);
  for (let pixel = 0; pixel < labels.length; pixel++) {
    if ((fronts[pixel] ?? 0) >= 128) labels[pixel] = labelOf('fronts');
    else if ((worktop[pixel] ?? 0) >= 128) labels[pixel] = labelOf('worktop');
  }
  return { width, height, labels };
}

/** Intersection over union of one label between a marking and the truth. */
export function iouOf(pixels: Uint8Array, truth: Truth, label: number): number {
  let both = 0;
  let either = 0;
  for (let pixel = 0; pixel < pixels.length; pixel++) {
    const marked = pixels[pixel] === label;
    const isTrue = truth.labels[pixel] === label;
    if (marked && isTrue) both++;
    if (marked || isTrue) either++;
  }
  return either === 0 ? 1 : both / either;
}

const surfacesOf = (pixels: Uint8Array, truth: Truth) => ({
  fronts: iouOf(pixels, truth, labelOf('fronts')),
  worktop: iouOf(pixels, truth, labelOf('worktop')),
});

const reached = (iou: VisitorMove['iou'], goal: VisitorGoal) =>
  iou.fronts >= goal.fronts && iou.worktop >= goal.worktop;

/** What the visitor sees as a pixel's surface: "Not this" and unmarked are both "stays as it is". */
const seenAs = (label: number) => (label === labelOf('not-this') ? 0 : label);

/**
 * Marks until the goal is met or `maxMoves` are spent; every move (a stroke or an accepted offer) is returned
 * with the IoU after it.
 */
export function markUntil(
  session: MarkingSession,
  truth: Truth,
  goal: VisitorGoal,
  maxMoves: number,
  {
    acceptOffers = true,
    startingWith = [],
  }: {
    acceptOffers?: boolean;
    /** Marks made first, each a move (the natural strokes on a real photo), before any correction. */
    startingWith?: readonly Mark[];
  } = {},
): VisitorMove[] {
  const marks: Mark[] = [];
  const moves: VisitorMove[] = [];
  let marking: Marking = session.mark(marks);
  for (const mark of startingWith) {
    marks.push(mark);
    marking = session.mark(marks);
    moves.push({ mark, iou: surfacesOf(marking.pixels, truth) });
  }
  if (moves.length > 0 && reached(moves.at(-1)?.iou ?? { fronts: 0, worktop: 0 }, goal)) return moves;
  while (moves.length < maxMoves) {
    const stroke = strokeAtWorstArea(marking.pixels, truth);
    if (!stroke) break;
    marks.push(stroke);
    marking = session.mark(marks);
    moves.push({ mark: stroke, iou: surfacesOf(marking.pixels, truth) });
    if (reached(moves.at(-1)?.iou ?? { fronts: 0, worktop: 0 }, goal)) break;
    const offer = acceptOffers ? acceptableOffer(session, marking, truth) : undefined;
    if (offer && moves.length < maxMoves) {
      marks.push(offer);
      marking = session.mark(marks);
      moves.push({ mark: offer, iou: surfacesOf(marking.pixels, truth) });
      if (reached(moves.at(-1)?.iou ?? { fronts: 0, worktop: 0 }, goal)) break;
    }
  }
  return moves;
}

/** The look-alike offer as a mark, when at least 80% of its pixels truly are the offered surface. */
function acceptableOffer(session: MarkingSession, marking: Marking, truth: Truth): Mark | undefined {
  const { brush, regions } = marking.lookAlikes;
  if (!brush || regions.length === 0) return undefined;
  const offered = new Uint8Array(session.graph.count);
  for (const region of regions) offered[region] = 1;
  let right = 0;
  let all = 0;
  const { labels } = session.superpixels;
  const label = labelOf(brush);
  for (let pixel = 0; pixel < labels.length; pixel++) {
    if (offered[labels[pixel] ?? 0] === 0) continue;
    all++;
    if (truth.labels[pixel] === label) right++;
  }
  return right >= 0.8 * all ? { kind: 'regions', brush, regions } : undefined;
}

/** A swipe through the middle of the largest wrong area, or none when nothing sizeable is wrong. */
export function strokeAtWorstArea(pixels: Uint8Array, truth: Truth, minPixels = 30): Mark | undefined {
  const { width, height, labels } = truth;
  const wrong = new Uint8Array(pixels.length);
  for (let pixel = 0; pixel < pixels.length; pixel++)
    if (seenAs(pixels[pixel] ?? 0) !== labels[pixel]) wrong[pixel] = 1;
  const inside = distanceInside(wrong, width, height);
  // The largest wrong area, found as the one holding the most wrong pixels; its middle is its deepest pixel.
  const area = largestArea(wrong, width);
  if (!area || area.pixels < minPixels) return undefined;
  let deepest = -1;
  let depth = -1;
  for (const pixel of area.members)
    if ((inside[pixel] ?? 0) > depth) {
      depth = inside[pixel] ?? 0;
      deepest = pixel;
    }
  const x = deepest % width;
  const y = Math.floor(deepest / width);
  const brush: Brush =
    labels[deepest] === labelOf('fronts')
      ? 'fronts'
      : labels[deepest] === labelOf('worktop')
        ? 'worktop'
        : 'not-this';
  // Swipe along the row while well inside the area (at least 3 px from its edge), at most 150 px each way.
  const keep = Math.min(3, depth);
  let left = x;
  while (
    left > 0 &&
    x - left < 150 &&
    wrong[y * width + left - 1] === 1 &&
    (inside[y * width + left - 1] ?? 0) >= keep
  )
    left--;
  let right = x;
  while (
    right < width - 1 &&
    right - x < 150 &&
    wrong[y * width + right + 1] === 1 &&
    (inside[y * width + right + 1] ?? 0) >= keep
  )
    right++;
  return { kind: 'stroke', brush, points: [left, y, x, y, right, y] };
}

/** City-block distance from each pixel of `inside` to the nearest pixel outside it or the border (two passes). */
function distanceInside(inside: Uint8Array, width: number, height: number): Uint16Array {
  const distance = new Uint16Array(inside.length);
  const far = 65535;
  for (let pixel = 0; pixel < inside.length; pixel++) distance[pixel] = inside[pixel] === 1 ? far : 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      if (distance[pixel] === 0) continue;
      let best = distance[pixel] ?? 0;
      if (x > 0) best = Math.min(best, (distance[pixel - 1] ?? 0) + 1);
      else best = 1;
      if (y > 0) best = Math.min(best, (distance[pixel - width] ?? 0) + 1);
      else best = 1;
      distance[pixel] = best;
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const pixel = y * width + x;
      if (distance[pixel] === 0) continue;
      let best = distance[pixel] ?? 0;
      best = x < width - 1 ? Math.min(best, (distance[pixel + 1] ?? 0) + 1) : 1;
      best = y < height - 1 ? Math.min(best, (distance[pixel + width] ?? 0) + 1) : Math.min(best, 1);
      distance[pixel] = best;
    }
  return distance;
}

/** The largest 4-connected area of `wrong` pixels, with its members. */
function largestArea(wrong: Uint8Array, width: number) {
  const seen = new Uint8Array(wrong.length);
  const queue = new Int32Array(wrong.length);
  let best: { pixels: number; members: Int32Array } | undefined;
  for (let start = 0; start < wrong.length; start++) {
    if (wrong[start] === 0 || seen[start] === 1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
      const pixel = queue[head++] ?? 0;
      const x = pixel % width;
      for (const next of [
        x > 0 ? pixel - 1 : -1,
        x < width - 1 ? pixel + 1 : -1,
        pixel - width,
        pixel + width,
      ]) {
        if (next < 0 || next >= wrong.length || wrong[next] === 0 || seen[next] === 1) continue;
        seen[next] = 1;
        queue[tail++] = next;
      }
    }
    if (!best || tail > best.pixels) best = { pixels: tail, members: queue.slice(0, tail) };
  }
  return best;
}
