// Pixel-level borders (issue 32, "edges that look made"). After the growth each superpixel is one label, so a
// border runs along superpixel outlines: bites out of a door where one straddles its top, blobs of wall on it, a
// thin worktop half lost in superpixels that straddle both its edges. Here the superpixels' decision stands away
// from the borders, and every pixel within 1.5 superpixel sides of a change of label is decided again, by minimax over
// the straight-edge map (`line-support.ts`): each takes the label of the side whose path to it crosses the weakest
// strongest edge, so the border settles on the strongest straight edge between the two sides (a watershed).
// The sides are seeded by the pixels outside the band, the band's superpixels with no other label around them, the
// pixels under the visitor's strokes (a thin worktop, all inside the band, floods from its stroke out to its own
// two edges), worktop pixels clearly worktop in colour, and the middles of the photo's own superpixels where their
// colour is the photo's own (a lamp, a chair back smaller than the band). A pixel takes only a label its
// superpixel or a neighbouring one has, and the photo's own turns a surface only where its colour allows (D110).
import { labelOf } from './brushes';
import { labDistanceSquared } from './colour-lab';
import { type LineSupport, supportIn } from './line-support';
import type { LabPicture } from './pixels';
import type { RegionGraph } from './region-graph';
import type { Superpixels } from './slic';

export interface RefineOptions {
  /** How far from a label change pixels are decided again, in superpixel sides (DESIGN: 1.5). */
  readonly bandSides: number;
  /**
   * How much nearer in colour (ΔE) a worktop pixel in the band must be to a worktop superpixel than to any other
   * label's to stay worktop whatever the edges say: a worktop thinner than the band has no pixels outside it.
   */
  readonly worktopMargin: number;
  /**
   * How near (ΔE) a pixel under a visitor's stroke must be to the stroke's median colour to keep its label: the
   * seeds a thin worktop floods from.
   */
  readonly strokeColour: number;
  /**
   * A pixel the growth left the photo's own stays so when its colour is this much (ΔE) nearer the photo's own
   * superpixels around it than the surface's that flooded it.
   */
  readonly keepVeto: number;
  /**
   * How deep inside a superpixel (in superpixel sides) a pixel of the photo's own stays so where its colour is
   * nearest the photo's own: a lamp or a chair smaller than the band keeps its middle. 0: never.
   */
  readonly keepCores: number;
}

export const DEFAULT_REFINE: RefineOptions = {
  bandSides: 1.5,
  worktopMargin: 15,
  strokeColour: 8,
  keepVeto: 20,
  keepCores: 0.33,
};

const UNDECIDED = 255;
const WORKTOP = labelOf('worktop');
const FRONTS = labelOf('fronts');

/** The superpixels' labels painted onto their pixels. */
export function paintLabels({ labels }: Superpixels, regionLabels: Uint8Array): Uint8Array {
  const painted = new Uint8Array(labels.length);
  for (let pixel = 0; pixel < labels.length; pixel++) painted[pixel] = regionLabels[labels[pixel] ?? 0] ?? 0;
  return painted;
}

/**
 * `strokePixels`: 1 under the visitor's strokes (their label is the growth's there: those superpixels are pinned).
 * `side`: a superpixel's side in pixels.
 */
export function refineEdges(
  picture: LabPicture,
  superpixels: Superpixels,
  graph: RegionGraph,
  regionLabels: Uint8Array,
  support: LineSupport,
  strokePixels: Uint8Array,
  side: number,
  options: RefineOptions = DEFAULT_REFINE,
): Uint8Array {
  const { width, height } = picture;
  const painted = paintLabels(superpixels, regionLabels);
  const band = borderBand(painted, width, height, Math.ceil(side * options.bandSides));
  const cost = supportIn(support, band);
  const near = nearLabels(graph, regionLabels);
  const cores =
    options.keepCores > 0 ? coresOf(superpixels, Math.round(side * options.keepCores)) : undefined;
  const decided = painted.slice();
  for (let pixel = 0; pixel < decided.length; pixel++) {
    if (band[pixel] === 0) continue;
    // A superpixel whose neighbours are all its own label stays so; what the visitor painted stays; and a worktop
    // keeps what is clearly worktop in colour.
    const bits = near[superpixels.labels[pixel] ?? 0] ?? 0;
    const sure =
      (bits & (bits - 1)) === 0 ||
      strokePixels[pixel] === 1 ||
      (cores?.[pixel] === 1 &&
        !isSurface(painted[pixel] ?? 0) &&
        keepLead(picture, superpixels, graph, regionLabels, pixel, -1) > 0) ||
      (painted[pixel] === WORKTOP &&
        labelLead(picture, superpixels, graph, regionLabels, pixel) > options.worktopMargin);
    if (!sure) decided[pixel] = UNDECIDED;
  }
  // A pixel takes only a label its own superpixel or a neighbouring one has: the band moves a border to an edge,
  // never carries a label across a superpixel with no neighbour of that label.
  floodByMinimax(decided, cost, superpixels.labels, near, width, height);
  for (let pixel = 0; pixel < decided.length; pixel++) {
    const own = painted[pixel] ?? 0;
    const label = decided[pixel] ?? 0;
    // A pixel the growth left the photo's own does not turn a surface where its colour is clearly the photo's own
    // (a lamp's flex across a door is not a front for lying next to one).
    if (
      label === UNDECIDED ||
      (label !== own &&
        isSurface(label) &&
        !isSurface(own) &&
        keepLead(picture, superpixels, graph, regionLabels, pixel, label) > options.keepVeto)
    )
      decided[pixel] = own;
  }
  return majorityInBand(decided, band, width, height);
}

/**
 * How much nearer (ΔE) a pixel's colour is to the nearest of its own and the neighbouring superpixels that have
 * its superpixel's label than to the nearest of those that have another (infinite when none has another).
 */
function labelLead(
  { lab }: LabPicture,
  superpixels: Superpixels,
  { start, neighbours, colour }: RegionGraph,
  regionLabels: Uint8Array,
  pixel: number,
): number {
  const own = superpixels.labels[pixel] ?? 0;
  const label = regionLabels[own] ?? 0;
  let same = labDistanceSquared(lab, pixel, colour, own);
  let other = Number.POSITIVE_INFINITY;
  for (let at = start[own] ?? 0, end = start[own + 1] ?? 0; at < end; at++) {
    const region = neighbours[at] ?? 0;
    const distance = labDistanceSquared(lab, pixel, colour, region);
    if (regionLabels[region] === label) same = Math.min(same, distance);
    else other = Math.min(other, distance);
  }
  return Math.sqrt(other) - Math.sqrt(same);
}

const isSurface = (label: number) => label === FRONTS || label === WORKTOP;

/**
 * How much nearer (ΔE) the pixel's colour is to the nearest of its own and the neighbouring superpixels that are
 * not a surface than to the nearest that is `label` (any surface when negative; negative when the surface is the
 * nearer). The pixel's own superpixel counts as the photo's own: it is asked only of such pixels.
 */
function keepLead(
  { lab }: LabPicture,
  superpixels: Superpixels,
  { start, neighbours, colour }: RegionGraph,
  regionLabels: Uint8Array,
  pixel: number,
  label: number,
): number {
  const own = superpixels.labels[pixel] ?? 0;
  let keep = labDistanceSquared(lab, pixel, colour, own);
  let surface = Number.POSITIVE_INFINITY;
  for (let at = start[own] ?? 0, end = start[own + 1] ?? 0; at < end; at++) {
    const region = neighbours[at] ?? 0;
    const distance = labDistanceSquared(lab, pixel, colour, region);
    const regionLabel = regionLabels[region] ?? 0;
    if (label < 0 ? isSurface(regionLabel) : regionLabel === label) surface = Math.min(surface, distance);
    else if (!isSurface(regionLabel)) keep = Math.min(keep, distance);
  }
  return Math.sqrt(surface) - Math.sqrt(keep);
}

/** Each photo's superpixel cores, made at its first mark. */
const madeCores = new WeakMap<Superpixels, { depth: number; cores: Uint8Array }>();

function coresOf(superpixels: Superpixels, depth: number): Uint8Array {
  const made = madeCores.get(superpixels);
  if (made?.depth === depth) return made.cores;
  const cores = superpixelCores(superpixels, depth);
  madeCores.set(superpixels, { depth, cores });
  return cores;
}

/** 1 for every pixel farther than `depth` (a square) from its superpixel's outline. */
function superpixelCores({ labels, width, height }: Superpixels, depth: number): Uint8Array {
  const near = borderBand(labels, width, height, depth);
  for (let pixel = 0; pixel < near.length; pixel++) near[pixel] = 1 - (near[pixel] ?? 0);
  return near;
}

/** For each superpixel, a bit (1 << label) for its own label and each neighbouring superpixel's. */
function nearLabels({ count, start, neighbours }: RegionGraph, regionLabels: Uint8Array): Uint8Array {
  const near = new Uint8Array(count);
  for (let region = 0; region < count; region++) {
    let bits = 1 << (regionLabels[region] ?? 0);
    for (let at = start[region] ?? 0, end = start[region + 1] ?? 0; at < end; at++)
      bits |= 1 << (regionLabels[neighbours[at] ?? 0] ?? 0);
    near[region] = bits;
  }
  return near;
}

/**
 * Every UNDECIDED pixel takes the label of the decided pixels whose path to it has the lowest largest `cost`
 * (ties: the nearest in steps), among the labels `allowed` its superpixel (`regions`, one bit a label); a pixel no allowed
 * label reaches stays UNDECIDED. A bucket queue over the 256 cost levels: as the level only rises, the first label
 * to reach a pixel is the one that wins it, so each pixel is queued once.
 */
function floodByMinimax(
  labels: Uint8Array,
  cost: Uint8Array,
  regions: Int32Array,
  allowed: Uint8Array,
  width: number,
  height: number,
): void {
  const next = new Int32Array(labels.length).fill(-1);
  const heads = new Int32Array(256).fill(-1);
  const tails = new Int32Array(256).fill(-1);
  // The decided pixels beside an undecided one start at level 0, each queued once (`next` is -1 until queued).
  const queued = new Uint8Array(labels.length);
  for (let pixel = 0; pixel < labels.length; pixel++) {
    if (labels[pixel] !== UNDECIDED) continue;
    const x = pixel % width;
    for (let side = 0; side < 4; side++) {
      const beside = neighbourOf(pixel, x, side, width, height);
      if (beside < 0 || labels[beside] === UNDECIDED || queued[beside] === 1) continue;
      queued[beside] = 1;
      const tail = tails[0] ?? -1;
      if (tail < 0) heads[0] = beside;
      else next[tail] = beside;
      tails[0] = beside;
    }
  }
  for (let level = 0; level < 256; level++) {
    for (let pixel = heads[level] ?? -1; pixel >= 0; pixel = next[pixel] ?? -1) {
      const label = labels[pixel] ?? 0;
      const x = pixel % width;
      for (let side = 0; side < 4; side++) {
        const beside = neighbourOf(pixel, x, side, width, height);
        if (beside < 0 || labels[beside] !== UNDECIDED) continue;
        if ((((allowed[regions[beside] ?? 0] ?? 0) >> label) & 1) === 0) continue;
        labels[beside] = label;
        const at = Math.max(level, cost[beside] ?? 0);
        const tail = tails[at] ?? -1;
        if (tail < 0) heads[at] = beside;
        else next[tail] = beside;
        tails[at] = beside;
      }
    }
  }
}

/** The pixel left, right, above or below (`side` 0-3), or -1 off the picture. */
function neighbourOf(pixel: number, x: number, side: number, width: number, height: number): number {
  if (side === 0) return x > 0 ? pixel - 1 : -1;
  if (side === 1) return x + 1 < width ? pixel + 1 : -1;
  if (side === 2) return pixel >= width ? pixel - width : -1;
  return pixel + width < width * height ? pixel + width : -1;
}

/** Every pixel within `radius` (a square) of a change of label (of a pixel's label or its superpixel's). */
export function borderBand(
  painted: Uint8Array | Int32Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const change = new Uint8Array(painted.length);
  for (let pixel = 0; pixel < painted.length; pixel++) {
    const label = painted[pixel];
    if ((pixel + 1) % width !== 0 && painted[pixel + 1] !== label) change[pixel] = change[pixel + 1] = 1;
    if (pixel + width < painted.length && painted[pixel + width] !== label)
      change[pixel] = change[pixel + width] = 1;
  }
  return nearMarked(change, width, height, radius);
}

/** 1 within `radius` (a square) of a marked pixel: rows first, then columns, each in one pass. */
function nearMarked(marked: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const across = new Uint8Array(marked.length);
  for (let y = 0; y < height; y++) spread(marked, across, y * width, 1, width, radius);
  const near = new Uint8Array(marked.length);
  for (let x = 0; x < width; x++) spread(across, near, x, width, height, radius);
  return near;
}

/** Along one line of `length` pixels from `first`, `stride` apart: 1 in `to` within `radius` of a 1 in `from`. */
function spread(
  from: Uint8Array,
  to: Uint8Array,
  first: number,
  stride: number,
  length: number,
  radius: number,
) {
  let last = -Number.MAX_SAFE_INTEGER;
  for (let i = 0; i < length; i++) {
    if (from[first + i * stride] === 1) last = i;
    if (i - last <= radius) to[first + i * stride] = 1;
  }
  last = Number.MAX_SAFE_INTEGER;
  for (let i = length - 1; i >= 0; i--) {
    if (from[first + i * stride] === 1) last = i;
    if (last - i <= radius) to[first + i * stride] = 1;
  }
}

/** Whether the pixel's 3 × 3 neighbourhood, away from the picture's edge, is all its own label. */
function sameAround(labels: Uint8Array, pixel: number, x: number, y: number, width: number, height: number) {
  if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return false;
  const label = labels[pixel];
  const above = pixel - width;
  const below = pixel + width;
  return (
    labels[pixel - 1] === label &&
    labels[pixel + 1] === label &&
    labels[above - 1] === label &&
    labels[above] === label &&
    labels[above + 1] === label &&
    labels[below - 1] === label &&
    labels[below] === label &&
    labels[below + 1] === label
  );
}

/** Each band pixel takes the label most of its 3 × 3 neighbourhood has (its own on a tie): no one-pixel spurs. */
function majorityInBand(labels: Uint8Array, band: Uint8Array, width: number, height: number): Uint8Array {
  const smoothed = labels.slice();
  const votes = new Uint8Array(256);
  const seen = new Uint8Array(9);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      if (band[pixel] === 0 || sameAround(labels, pixel, x, y, width, height)) continue;
      let kinds = 0;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const label = labels[ny * width + nx] ?? 0;
          if (votes[label] === 0) seen[kinds++] = label;
          votes[label] = (votes[label] ?? 0) + 1;
        }
      }
      let winner = labels[pixel] ?? 0;
      for (let kind = 0; kind < kinds; kind++) {
        const label = seen[kind] ?? 0;
        if ((votes[label] ?? 0) > (votes[winner] ?? 0)) winner = label;
      }
      for (let kind = 0; kind < kinds; kind++) votes[seen[kind] ?? 0] = 0;
      smoothed[pixel] = winner;
    }
  }
  return smoothed;
}
