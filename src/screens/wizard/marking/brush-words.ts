// The marking tool's words for its brushes, apart from the tool so that Node tooling (the screenshots, the
// browser tests) can pick a brush by its label without loading the tool's styles.
import type { Brush } from '../../../marking/brushes';

export const BRUSH_LABELS: Readonly<Record<Brush, string>> = {
  fronts: 'Fronts',
  worktop: 'Worktop',
  'not-this': 'Not this',
};

export const BRUSH_HINTS: Readonly<Record<Brush, string>> = {
  fronts: 'cabinet doors and drawers',
  worktop: 'the counter top',
  'not-this': 'walls, appliances, anything to keep',
};
