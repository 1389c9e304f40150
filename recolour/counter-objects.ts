import { boxBlur, maskedMedian, patchesOf } from './float-channels';
import { SRGB_TO_LINEAR } from './linear-light';
import { featherRadius } from './surface-region';

// What stands on the marked worktop and is not the worktop: the hob, the sink and its tap, a fruit bowl, a
// kettle. A visitor's strokes rarely leave them out, and a new material laid over them would take appliances
// out of the visitor's own room. They are found by how far they stand from the counter's typical pixel: much
// darker or much brighter in linear light (a black hob or a steel basin on a pale counter, a kettle on a dark
// one), or of another hue (lemons, a chopping board). The counter's own shadows, veins and specks fall short of
// those figures or are too thin to survive an opening, so they take the new material. Each piece of the counter
// is judged against its own typical pixel (issue 32: a concrete island marked with a black wall-run counter was
// kept whole, as one "object" brighter than the black), and what covers most of a piece is that piece itself.

/** A pixel this much darker or brighter than the counter's median luminance is another thing. */
const DARKER_THAN = 0.25;
const BRIGHTER_THAN = 3.5;
/** Chromaticity distance that is another hue, at least; and in spreads of the counter's own hues. */
const HUE_DISTANCE = { floor: 0.08, spreads: 4 };
/** Below this linear luminance a pixel's hue is mostly noise: it is judged by its darkness alone. */
const HUE_LUMINANCE_FLOOR = 0.02;
/** Opening radius (fraction of the photo's long side): thinner than this is a vein or a speck, not an object. */
const SMALLEST_OBJECT = 0.002;
/** Smallest object's area, as a square this share of the long side: a smaller patch is a reflection or a crumb. */
const SMALLEST_AREA = 0.006;
/** How far an object is grown to take its anti-aliased rim and contact shadow with it. */
const RIM = 0.001;
/** Things standing on a counter cover less of it than this: more is the counter the visitor marked. */
const MOST_OF_A_PIECE = 0.5;

export interface CounterObjects {
  /** 1 on what stands on the counter and its rim, 0 elsewhere: what the counter's light must not average in. */
  covered: Float32Array;
  /** The same, feathered: how much of the photo's own pixel each one keeps. */
  keep: Float32Array;
}

/** Chromaticity (r and g shares of linear light) of each counter pixel bright enough to have a hue. */
function chromaticity(pixels: Uint8Array, luminance: Float32Array, core: Float32Array) {
  const red = new Float32Array(luminance.length);
  const green = new Float32Array(luminance.length);
  const hued = new Float32Array(luminance.length);
  for (let pixel = 0; pixel < luminance.length; pixel += 1) {
    if ((core[pixel] ?? 0) === 0 || (luminance[pixel] ?? 0) < HUE_LUMINANCE_FLOOR) continue;
    const at = pixel * 3;
    const r = SRGB_TO_LINEAR[pixels[at] ?? 0] ?? 0;
    const g = SRGB_TO_LINEAR[pixels[at + 1] ?? 0] ?? 0;
    const b = SRGB_TO_LINEAR[pixels[at + 2] ?? 0] ?? 0;
    const sum = Math.max(1e-6, r + g + b);
    red[pixel] = r / sum;
    green[pixel] = g / sum;
    hued[pixel] = 1;
  }
  return { red, green, hued };
}

/** 1 where the square round a pixel is all `plane` (`whole`) or has any of it, 0 elsewhere. */
function byShare(plane: Float32Array, width: number, height: number, radius: number, whole: boolean) {
  const shares = boxBlur(plane, width, height, radius);
  for (let pixel = 0; pixel < shares.length; pixel += 1) {
    const share = shares[pixel] ?? 0;
    shares[pixel] = (whole ? share > 1 - 1e-4 : share > 1e-4) ? 1 : 0;
  }
  return shares;
}

/** Where `plane` (0 or 1) holds a whole (2r + 1)² square round the pixel: a binary erosion. */
const eroded = (plane: Float32Array, width: number, height: number, radius: number) =>
  byShare(plane, width, height, radius, true);

/** Where `plane` (0 or 1) has any pixel in the (2r + 1)² square round the pixel: a binary dilation. */
const dilated = (plane: Float32Array, width: number, height: number, radius: number) =>
  byShare(plane, width, height, radius, false);

/** `plane` (0 or 1) without its patches of fewer than `minimum` pixels. */
function withoutSmallPatches(
  plane: Float32Array,
  width: number,
  height: number,
  minimum: number,
): Float32Array {
  const { labels, sizes } = patchesOf(plane, width, height);
  const kept = new Float32Array(plane.length);
  const big = Uint8Array.from(sizes, (size) => (size >= minimum ? 1 : 0));
  for (let pixel = 0; pixel < kept.length; pixel += 1) {
    const label = labels[pixel] ?? 0;
    if (label !== 0 && big[label - 1] === 1) kept[pixel] = 1;
  }
  return kept;
}

/**
 * The objects on a marked counter, in a `width` × `height` box of RGB `pixels` with their linear `luminance` and
 * the counter's `core` (1 on the counter). Sizes follow the `photo`'s, so they read the same at any resolution.
 */
export function counterObjects(
  pixels: Uint8Array,
  luminance: Float32Array,
  core: Float32Array,
  { width, height }: { width: number; height: number },
  photo: { width: number; height: number },
): CounterObjects {
  const longSide = Math.max(photo.width, photo.height);
  const smallest = (longSide * SMALLEST_AREA) ** 2;
  const { labels, pieces } = counterPieces(core, width, height, smallest);
  const foreign = new Float32Array(luminance.length);
  for (const piece of pieces) markForeign(foreign, pixels, luminance, piece);
  const opening = Math.max(1, Math.round(longSide * SMALLEST_OBJECT));
  const opened = withoutSmallPatches(
    dilated(eroded(foreign, width, height, opening), width, height, opening),
    width,
    height,
    smallest,
  );
  withoutWholePieces(opened, labels, pieces);
  const covered = dilated(opened, width, height, Math.max(1, Math.round(longSide * RIM)));
  return { covered, keep: boxBlur(covered, width, height, featherRadius(photo.width, photo.height)) };
}

/** One piece of the counter: 1 on its pixels (the small pieces together make one), and how many there are. */
interface CounterPiece {
  plane: Float32Array;
  size: number;
}

/**
 * The counter's pieces: each connected part at least `smallest` pixels big on its own, the small ones together
 * (too few pixels each for a typical one). `labels` gives each pixel's piece, -1 off the counter.
 */
function counterPieces(core: Float32Array, width: number, height: number, smallest: number) {
  const patches = patchesOf(core, width, height);
  const pieceOf = patches.sizes.map(() => -1);
  const pieces: CounterPiece[] = [];
  let small: CounterPiece | undefined;
  patches.sizes.forEach((size, patch) => {
    if (size >= smallest) {
      pieceOf[patch] = pieces.length;
      pieces.push({ plane: new Float32Array(core.length), size: 0 });
    }
  });
  const labels = new Int32Array(core.length).fill(-1);
  for (let pixel = 0; pixel < core.length; pixel += 1) {
    const patch = (patches.labels[pixel] ?? 0) - 1;
    if (patch < 0) continue;
    let index = pieceOf[patch] ?? -1;
    if (index < 0) {
      if (!small) {
        small = { plane: new Float32Array(core.length), size: 0 };
        pieces.push(small);
      }
      index = pieces.indexOf(small);
      pieceOf[patch] = index;
    }
    const piece = pieces[index];
    if (!piece) continue;
    piece.plane[pixel] = 1;
    piece.size += 1;
    labels[pixel] = index;
  }
  return { labels, pieces };
}

/** Marks in `foreign` the pixels of `piece` far darker, brighter or of another hue than its typical pixel. */
function markForeign(
  foreign: Float32Array,
  pixels: Uint8Array,
  luminance: Float32Array,
  piece: CounterPiece,
) {
  const core = piece.plane;
  const median = Math.max(1e-4, maskedMedian(luminance, core, 1));
  const { red, green, hued } = chromaticity(pixels, luminance, core);
  const typicalRed = maskedMedian(red, hued, 1);
  const typicalGreen = maskedMedian(green, hued, 1);
  const distance = new Float32Array(luminance.length);
  for (let pixel = 0; pixel < luminance.length; pixel += 1)
    if ((hued[pixel] ?? 0) === 1)
      distance[pixel] = Math.hypot((red[pixel] ?? 0) - typicalRed, (green[pixel] ?? 0) - typicalGreen);
  // The counter's own spread of hues (the median distance): a granite's flecks are its own, not objects.
  const spread = maskedMedian(distance, hued, 1);
  const hueLimit = Math.max(HUE_DISTANCE.floor, HUE_DISTANCE.spreads * spread);
  for (let pixel = 0; pixel < luminance.length; pixel += 1) {
    if ((core[pixel] ?? 0) === 0) continue;
    const shade = (luminance[pixel] ?? 0) / median;
    if (shade < DARKER_THAN || shade > BRIGHTER_THAN || (distance[pixel] ?? 0) > hueLimit) foreign[pixel] = 1;
  }
}

/** Clears what covers most of its piece from `objects`: that is the counter itself, not a thing on it. */
function withoutWholePieces(objects: Float32Array, labels: Int32Array, pieces: readonly CounterPiece[]) {
  const covering = pieces.map(() => 0);
  for (let pixel = 0; pixel < objects.length; pixel += 1) {
    const piece = labels[pixel] ?? -1;
    if (piece >= 0 && (objects[pixel] ?? 0) === 1) covering[piece] = (covering[piece] ?? 0) + 1;
  }
  const whole = pieces.map((piece, index) => (covering[index] ?? 0) > MOST_OF_A_PIECE * piece.size);
  for (let pixel = 0; pixel < objects.length; pixel += 1) {
    const piece = labels[pixel] ?? -1;
    if (piece >= 0 && whole[piece]) objects[pixel] = 0;
  }
}
