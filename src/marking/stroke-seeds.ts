// Which superpixels the visitor's marks pin to a brush: every superpixel under a stroke's path (the points joined
// pixel by pixel, so a fast swipe leaves no gaps), and every superpixel of an accepted suggestion. A later mark
// wins over an earlier one, so "Not this" across a front corrects it.
import { type LabelIndex, labelOf, type Mark } from './brushes';
import type { Superpixels } from './slic';

export function seedRegions(superpixels: Superpixels, marks: readonly Mark[]): Uint8Array {
  return touchedRegions(superpixels, marks, () => true);
}

/**
 * The superpixels any mark of `brush` touched, whatever a later mark of another brush did there (1 where touched):
 * a "Not this" stays keep's against every brush the later mark was not of, so re-marking one spot moves no
 * other brush's boundary.
 */
export function everTouched(
  superpixels: Superpixels,
  marks: readonly Mark[],
  brush: Mark['brush'],
): Uint8Array {
  return touchedRegions(superpixels, marks, (mark) => mark.brush === brush).map((label) =>
    label > 0 ? 1 : 0,
  );
}

function touchedRegions(
  { width, height, labels, count }: Superpixels,
  marks: readonly Mark[],
  counts: (mark: Mark) => boolean,
): Uint8Array {
  const seeds = new Uint8Array(count);
  for (const mark of marks) {
    if (!counts(mark)) continue;
    const label = labelOf(mark.brush);
    if (mark.kind === 'regions') {
      for (const region of mark.regions) if (region >= 0 && region < count) seeds[region] = label;
      continue;
    }
    forEachPathPixel(mark.points, width, height, (pixel) => {
      seeds[labels[pixel] ?? 0] = label;
    });
  }
  return seeds;
}

/** Calls `visit` with each pixel on the polyline through `points` (x, y pairs), clamped to the picture. */
export function forEachPathPixel(
  points: readonly number[],
  width: number,
  height: number,
  visit: (pixel: number) => void,
): void {
  const at = (x: number, y: number) =>
    Math.min(height - 1, Math.max(0, Math.round(y))) * width +
    Math.min(width - 1, Math.max(0, Math.round(x)));
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i] ?? 0;
    const y = points[i + 1] ?? 0;
    const nextX = points[i + 2] ?? x;
    const nextY = points[i + 3] ?? y;
    const steps = Math.max(1, Math.ceil(Math.hypot(nextX - x, nextY - y)));
    for (let step = 0; step < steps; step++)
      visit(at(x + ((nextX - x) * step) / steps, y + ((nextY - y) * step) / steps));
  }
  if (points.length >= 2) visit(at(points[points.length - 2] ?? 0, points[points.length - 1] ?? 0));
}

export const seededLabels = (seeds: Uint8Array): Set<LabelIndex> =>
  new Set(seeds.filter((label) => label > 0));
