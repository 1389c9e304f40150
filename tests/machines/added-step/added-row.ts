// A step a studio adds, as issue 17 tried it: a plain choice among four after Worktop Finish, gated like Design
// Style. Only its row: everything else must follow from it. ("Lighting", so that it does not clash with a real
// step such as the Splashback trial.)
import type { StepRow } from '../../../machines/kitchen/step-table';

export const ADDED_ROW = {
  id: 'lighting',
  title: 'Lighting',
  description: 'Choose the light over your worktop.',
  blockedReason: 'Choose the lighting to continue.',
  kind: 'fixed-choice',
  options: [
    { value: 'spots', label: 'Spotlights' },
    { value: 'pendants', label: 'Pendants' },
    { value: 'strip', label: 'LED strip' },
    { value: 'none', label: 'No extra lighting' },
  ],
} as const satisfies StepRow;

/** The table with the row inserted after `after`, as a studio would write it. */
export const withStepAfter = <R extends { id: string }>(rows: readonly R[], after: string, row: R): R[] => {
  const index = rows.findIndex((step) => step.id === after);
  if (index < 0) throw new Error(`No step ${after} to add a step after.`);
  return [...rows.slice(0, index + 1), row, ...rows.slice(index + 1)];
};
