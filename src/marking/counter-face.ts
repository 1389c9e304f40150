// A counter's front face (issue 32): below the worktop's top, seen from standing height, runs a thin band of the
// same material, its edge. The top and the face meet at a hard crease (the light falls on them differently), so
// the growth stops there and the face stays the photo's: the picture then shows an oak top with a white edge.
// Looking down from the marked top, column by column, a thin band of the top's colour (its lightness may differ),
// closed below by the strongest edge near it, is the face where such bands run on across the photo.
import { columnMean, labDistanceSquared } from './colour-lab';
import type { LabPicture } from './pixels';

export interface CounterFaceOptions {
  /** The thickest face, as a share of the long side (thicker bands are drawer fronts or the cabinet's rail). */
  readonly thickest: number;
  /** The thinnest face, in pixels. */
  readonly thinnest: number;
  /** How much stronger than the band's inside (its median) its lower edge must be. */
  readonly contrast: number;
  /** How far the band's chroma (a*, b*) may be from the top's, in ΔE. */
  readonly chroma: number;
  /** How far its lightness may be (the face is lit from another side). */
  readonly lightness: number;
  /** The shortest run of columns a face must make, as a share of the long side. */
  readonly shortestRun: number;
  /** How much the face's thickness may change from one column to the next, in pixels. */
  readonly steadiness: number;
}

export const DEFAULT_COUNTER_FACE: CounterFaceOptions = {
  thickest: 0.025,
  thinnest: 3,
  contrast: 2,
  chroma: 6,
  lightness: 30,
  shortestRun: 0.02,
  steadiness: 2,
};

/** Rows of the top that stand for its colour just above the crease. */
const TOP_ROWS = 4;

/**
 * Labels `worktop` every pixel of the faces found below the marked worktop in `pixels` (in place). A face is taken
 * only where nothing is marked yet (0): not from the fronts, and never where "Not this" was painted.
 */
export function markCounterFaces(
  pixels: Uint8Array,
  picture: LabPicture,
  edges: Float32Array,
  worktop: number,
  options = DEFAULT_COUNTER_FACE,
): void {
  const { width, height } = picture;
  const meanColour = (x: number, from: number, to: number) => columnMean(picture, x, from, to);
  const longSide = Math.max(width, height);
  const thickest = Math.max(options.thinnest + 1, Math.round(options.thickest * longSide));
  const shortestRun = Math.max(3, Math.round(options.shortestRun * longSide));
  const takes = (pixel: number) => pixels[pixel] === 0;
  // For each column, every face found: where it starts (the first row below the top) and how thick it is.
  const faces: { x: number; top: number; thickness: number }[][] = Array.from({ length: width }, () => []);
  for (let y = TOP_ROWS; y + 1 < height; y++)
    for (let x = 0, at = y * width; x < width; x++, at++) {
      if (pixels[at] !== worktop || pixels[at + width] !== 0) continue;
      const thickness = faceBelow(x, y + 1);
      if (thickness > 0) faces[x]?.push({ x, top: y + 1, thickness });
    }
  // A face runs on across the photo with a steady thickness; a lone column is a crack or a handle.
  const runs = chainColumns(faces, options.steadiness);
  for (const run of runs) {
    if (run.length < shortestRun) continue;
    for (const { x, top, thickness } of run)
      for (let y = top; y < top + thickness; y++) if (takes(y * width + x)) pixels[y * width + x] = worktop;
  }

  function faceBelow(x: number, top: number): number {
    // Past the crease's own falling edge first: it is the top's edge, not the face's inside.
    let from = top;
    while (from + 1 < height && (edges[(from + 1) * width + x] ?? 0) < (edges[from * width + x] ?? 0)) from++;
    const last = Math.min(height - 2, top + thickest);
    let bottom = -1;
    let bottomStrength = 0;
    for (let y = from + 1; y <= last; y++) {
      if (!takes(y * width + x)) break;
      const strength = edges[y * width + x] ?? 0;
      if (y - top >= options.thinnest && strength > bottomStrength) [bottom, bottomStrength] = [y, strength];
    }
    if (bottom < 0) return 0;
    // Seen from above, a counter shows more top than edge: a band as deep as the top above it is a drawer's front.
    let depth = 0;
    while (depth <= bottom - top && top - depth - 1 >= 0 && pixels[(top - depth - 1) * width + x] === worktop)
      depth++;
    if (bottom - top >= depth) return 0;
    // The face is the counter's last band towards the viewer: with the counter again below it, the band is the
    // far wall of a sink or a hob set into the top.
    for (let y = bottom; y < Math.min(height, bottom + 2 * thickest); y++)
      if (pixels[y * width + x] === worktop) return 0;
    const inside: number[] = [];
    for (let y = from + 1; y < bottom - 1; y++) inside.push(edges[y * width + x] ?? 0);
    inside.sort((p, q) => p - q);
    const typical = inside[inside.length >> 1] ?? 0;
    if (bottomStrength < options.contrast * typical) return 0;
    const band = meanColour(x, top, bottom);
    const above = meanColour(x, top - TOP_ROWS, top);
    if (!alike(band, above)) return 0;
    // A band more like what lies below it than like the top is the top rail of the fronts under the counter.
    const below = meanColour(x, Math.min(height - 1, bottom + 2), Math.min(height, bottom + 2 + TOP_ROWS));
    if (distance(band, above) >= distance(band, below)) return 0;
    // The edge's own row is the face's when its colour is nearer the band's than what lies below.
    const edgeRow = meanColour(x, bottom, bottom + 1);
    return bottom - top + (distance(edgeRow, band) < distance(edgeRow, below) ? 1 : 0);
  }

  function alike(band: Float32Array, top: Float32Array): boolean {
    return (
      labDistanceSquared(band, 0, top, 0, 0) <= options.chroma ** 2 &&
      Math.abs((band[0] ?? 0) - (top[0] ?? 0)) <= options.lightness
    );
  }
}

const distance = (one: Float32Array, other: Float32Array) => labDistanceSquared(one, 0, other, 0);

/** Faces in neighbouring columns that start within `steadiness` rows and thicknesses of each other, chained. */
function chainColumns<Face extends { x: number; top: number; thickness: number }>(
  columns: Face[][],
  steadiness: number,
): Face[][] {
  const runs: Face[][] = [];
  let open: Face[][] = [];
  for (const column of columns) {
    const next: Face[][] = [];
    for (const face of column) {
      const run = open.find((candidate) => {
        const last = candidate[candidate.length - 1];
        return (
          last !== undefined &&
          Math.abs(last.top - face.top) <= steadiness &&
          Math.abs(last.thickness - face.thickness) <= steadiness
        );
      });
      if (run) {
        run.push(face);
        open = open.filter((candidate) => candidate !== run);
        next.push(run);
      } else {
        const started = [face];
        runs.push(started);
        next.push(started);
      }
    }
    open = next;
  }
  return runs;
}
