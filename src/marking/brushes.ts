// What the visitor paints with: one brush per surface a recolour changes, and "Not this" for what must stay.
import { MARKED_SURFACES, type MarkedSurface } from '../../contract/surface-masks';

export const BRUSHES = [...MARKED_SURFACES, 'not-this'] as const;
export type Brush = (typeof BRUSHES)[number];

/** A region's or pixel's label: 0 is unmarked, then each brush by its place in BRUSHES plus one. */
export type LabelIndex = number;
export const UNMARKED: LabelIndex = 0;
export const labelOf = (brush: Brush): LabelIndex => BRUSHES.indexOf(brush) + 1;
export const brushOf = (label: LabelIndex): Brush | undefined => BRUSHES[label - 1];
export const surfaceLabel = (surface: MarkedSurface): LabelIndex => labelOf(surface);

/**
 * One thing the visitor did, in the working picture's pixels: a stroke (a tap is a stroke of one point) or a
 * suggestion accepted (the superpixels it offered).
 */
export type Mark =
  | { readonly kind: 'stroke'; readonly brush: Brush; readonly points: readonly number[] }
  | { readonly kind: 'regions'; readonly brush: Brush; readonly regions: readonly number[] };
