// What the visitor paints with: one brush per surface a recolour changes, and "Not this" for what must stay.
import { MARKED_SURFACES, type MarkedSurface } from '../../contract/surface-masks';

export const BRUSHES = [...MARKED_SURFACES, 'not-this'] as const;
export type Brush = (typeof BRUSHES)[number];

/** Everything a brush is, in one row: what the tool calls it and how its overlay looks. */
export interface BrushRow {
  /** Its name on the brush. */
  readonly label: string;
  /** What it is for, beside the name. */
  readonly hint: string;
  /** What it marks, in a sentence ("like your fronts"). */
  readonly inWords: string;
  /** Its colour as sRGB bytes: distinct for colour-blind eyes too (orange, blue, grey). */
  readonly colour: readonly [number, number, number];
  /** How strongly the overlay tints what it marks ("Not this" only dims). */
  readonly alpha: number;
}

export const BRUSH_ROWS: Readonly<Record<Brush, BrushRow>> = {
  fronts: {
    label: 'Fronts',
    hint: 'cabinet doors and drawers',
    inWords: 'fronts',
    colour: [230, 97, 0],
    alpha: 130,
  },
  worktop: {
    label: 'Worktop',
    hint: 'the counter top',
    inWords: 'worktop',
    colour: [64, 118, 255],
    alpha: 130,
  },
  'not-this': {
    label: 'Not this',
    hint: 'walls, appliances, anything to keep',
    inWords: 'what stays',
    colour: [40, 40, 40],
    alpha: 90,
  },
};

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
