// A step a studio adds, as issue 17 tried it: a fixed choice among four after Worktop Finish, gated like Design
// Style. Only its id and options in the contract and its row: everything else must follow from them. ("Lighting",
// so that it does not clash with a real step such as the Splashback trial.)
import type { StepOption } from '../../../contract/wizard-steps';
import type { StepRow } from '../../../machines/kitchen/step-table';

export const ADDED_ID = 'lighting';
/** The step the added one follows. */
export const ADDED_AFTER = 'material-preview';

export const ADDED_OPTIONS = [
  { value: 'spots', label: 'Spotlights' },
  { value: 'pendants', label: 'Pendants' },
  { value: 'strip', label: 'LED strip' },
  { value: 'none', label: 'No extra lighting' },
] as const satisfies readonly StepOption[];

export const ADDED_ROW = {
  kind: 'fixed-choice',
  title: 'Lighting',
  description: 'Choose the light over your worktop.',
  blockedReason: 'Choose the lighting to continue.',
  options: ADDED_OPTIONS,
} as const satisfies StepRow;

/** The ids with the added one inserted after `ADDED_AFTER`, as a studio would write them. */
export const withAddedId = (ids: readonly string[]): string[] => {
  const index = ids.indexOf(ADDED_AFTER);
  if (index < 0) throw new Error(`No step ${ADDED_AFTER} to add a step after.`);
  return [...ids.slice(0, index + 1), ADDED_ID, ...ids.slice(index + 1)];
};
