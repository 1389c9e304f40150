// A step a studio adds (issue 17's trial): "Splashback", a choice among four between Worktop Finish and Kitchen
// Layout, gated like Design Style. Only its row: everything else must follow from it.
import type { StepRow } from '../../../machines/kitchen/step-table';

export const SPLASHBACK_ROW = {
  id: 'splashback',
  title: 'Splashback',
  description: 'Choose the wall behind your worktop.',
  blockedReason: 'Choose a splashback to continue.',
  choice: {
    options: [
      { value: 'tiles', label: 'Tiles' },
      { value: 'glass', label: 'Glass' },
      { value: 'worktop-upstand', label: 'Worktop upstand' },
      { value: 'paint', label: 'Painted wall' },
    ],
  },
} as const satisfies StepRow;

/** The table with the row inserted after `after`, as a studio would write it. */
export const withStepAfter = <R extends { id: string }>(rows: readonly R[], after: string, row: R): R[] => {
  const index = rows.findIndex((step) => step.id === after);
  if (index < 0) throw new Error(`No step ${after} to add a step after.`);
  return [...rows.slice(0, index + 1), row, ...rows.slice(index + 1)];
};
