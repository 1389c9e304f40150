// The top behind a stroke drawn on a counter's front face (issue 32). Seen from standing height a counter shows
// its top and, below it, a thin band of the same material, its front face; a visitor's stroke "along the counter"
// often runs on that band. Top and face meet at a hard crease (the light falls on them differently), while the
// top meets a splashback of its own colour at a faint one: the growth then stops at the crease and keep takes the
// top from the wall. Where the stroke runs on such a band, a stroke is drawn for the visitor just beyond its upper
// crease, on the top.
import { columnMean, labDistanceSquared } from './colour-lab';
import type { LabPicture } from './pixels';
import { forEachPathPixel } from './stroke-seeds';

export interface CounterTopOptions {
  /** The thickest face, as a share of the long side. */
  readonly thickest: number;
  /** How much stronger than the band's inside a crease must be, and the least strength it may have. */
  readonly contrast: number;
  readonly least: number;
  /** How far the top's chroma (a*, b*) may be from the face's, in ΔE, whatever their hues. */
  readonly chroma: number;
  /** Below this chroma a colour is a grey (white, black, steel): its hue is not read. */
  readonly grey: number;
  /** How far the top's hue may turn from the face's, in degrees. */
  readonly hue: number;
  /** How many times the face's chroma the top's may be, either way (a shadow takes chroma with lightness). */
  readonly chromaRatio: number;
  /** How far its lightness may be (the face is lit from another side). */
  readonly lightness: number;
  /** How much darker than the face the top may be: it faces the ceiling's light, and a dark thing on it is darker. */
  readonly darker: number;
  /**
   * How far in lightness what lies under the band may be and still be its material (a top's own face): a band
   * much darker under it is the shadow under the counter's lip.
   */
  readonly underLightness: number;
  /** The shortest run of samples along the stroke that must find the same face, as a share of the long side. */
  readonly shortestRun: number;
  /** How much the crease's offset may change from one sample to the next, in pixels. */
  readonly steadiness: number;
}

export const DEFAULT_COUNTER_TOP: CounterTopOptions = {
  thickest: 0.02,
  contrast: 2,
  least: 6,
  chroma: 6,
  grey: 6,
  hue: 15,
  chromaRatio: 1.6,
  lightness: 30,
  darker: 5,
  underLightness: 20,
  shortestRun: 0.02,
  steadiness: 2,
};

/** Samples along a stroke, every SPACING pixels of its path. */
const SPACING = 3;
/** Rows beyond the crease skipped (its blur), then rows averaged for the colour of what lies there. */
const SKIP = 2;
const ROWS = 3;

/**
 * Strokes (x, y pairs) just above the face's upper crease wherever a worktop stroke runs on a counter's front face,
 * one for each run of it.
 */
export function topsBehindFaces(
  picture: LabPicture,
  edges: Float32Array,
  strokes: readonly (readonly number[])[],
  options = DEFAULT_COUNTER_TOP,
): number[][] {
  const { width, height } = picture;
  const meanColour = (x: number, from: number, to: number) => columnMean(picture, x, from, to);
  const longSide = Math.max(width, height);
  const thickest = Math.max(4, Math.round(options.thickest * longSide));
  const shortestRun = Math.max(3, Math.round((options.shortestRun * longSide) / SPACING));
  const tops: number[][] = [];
  for (const points of strokes) {
    const samples: number[] = [];
    let step = 0;
    forEachPathPixel(points, width, height, (pixel) => {
      if (step++ % SPACING === 0) samples.push(pixel);
    });
    // Each sample's top pixel and crease offset, or undefined where no face shows; runs of steady ones count.
    let run: { pixel: number; up: number }[] = [];
    const close = () => {
      if (run.length >= shortestRun)
        tops.push(run.flatMap(({ pixel }) => [pixel % width, Math.floor(pixel / width)]));
      run = [];
    };
    for (const pixel of samples) {
      const found = faceAt(pixel % width, Math.floor(pixel / width));
      const last = run[run.length - 1];
      if (!found || (last && Math.abs(last.up - found.up) > options.steadiness)) close();
      if (found) run.push(found);
    }
    close();
  }
  return tops;

  /** The crease `up` rows above (x, y) and the pixel beyond it, where (x, y) lies on a face. */
  function faceAt(x: number, y: number): { pixel: number; up: number } | undefined {
    const up = creaseFrom(x, y, -1);
    const down = creaseFrom(x, y, 1);
    if (up === undefined || down === undefined || up + down > thickest) return undefined;
    const beyond = y - up - SKIP;
    const below = y + down + SKIP;
    if (beyond - ROWS < 0 || below + ROWS > height) return undefined;
    const face = meanColour(x, y - up + 1, y + down);
    const top = meanColour(x, beyond - ROWS + 1, beyond + 1);
    const under = meanColour(x, below, below + ROWS);
    // The top is the face's material, lit otherwise; what lies under the face is not (the doors, their shadow):
    // under a stroke drawn on the top itself lies its face, of the same material.
    if ((face[0] ?? 0) - (top[0] ?? 0) > options.darker) return undefined;
    if (!sameMaterial(face, top) || sameMaterial(face, under, options.underLightness)) return undefined;
    return { pixel: beyond * width + x, up };
  }

  /** Rows from (x, y), going `direction`, to the first crease: a peak well above the band's inside. */
  function creaseFrom(x: number, y: number, direction: 1 | -1): number | undefined {
    const inside: number[] = [];
    for (let offset = 1; offset <= thickest; offset++) {
      const row = y + direction * offset;
      if (row < 1 || row >= height - 1) return undefined;
      const strength = edges[row * width + x] ?? 0;
      const next = edges[(row + direction) * width + x] ?? 0;
      const typical = median(inside);
      if (strength >= options.least && strength >= options.contrast * typical && strength >= next)
        return offset;
      inside.push(strength);
    }
    return undefined;
  }

  /**
   * Of one material lit otherwise, at a lightness not too far: a chroma near the other's, or, both coloured, the
   * same hue at a chroma the shade scaled (a wood's face in shadow is as orange as its lit top, only less so).
   */
  function sameMaterial(one: Float32Array, other: Float32Array, lightness = options.lightness): boolean {
    if (Math.abs((one[0] ?? 0) - (other[0] ?? 0)) > lightness) return false;
    if (labDistanceSquared(one, 0, other, 0, 0) <= options.chroma ** 2) return true;
    const chroma = Math.hypot(one[1] ?? 0, one[2] ?? 0);
    const otherChroma = Math.hypot(other[1] ?? 0, other[2] ?? 0);
    if (Math.min(chroma, otherChroma) < options.grey) return false;
    const turn = Math.abs(Math.atan2(one[2] ?? 0, one[1] ?? 0) - Math.atan2(other[2] ?? 0, other[1] ?? 0));
    const degrees = (Math.min(turn, 2 * Math.PI - turn) * 180) / Math.PI;
    const ratio = Math.max(chroma, otherChroma) / Math.min(chroma, otherChroma);
    return degrees <= options.hue && ratio <= options.chromaRatio;
  }
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}
