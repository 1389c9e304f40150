// The steps a studio adds, as issues 17 and 35 tried them: a fixed choice among four and a catalogue choice from a
// list the catalogue already serves, both after Worktop Finish. Only their ids, options, rows and the catalogue
// step's look: everything else must follow from them. (Ids a studio's real step is unlikely to take, such as the
// Splashback trial's `splashback-material`; a clash fails at once, naming the id.)
import type { StepOption } from '../../../contract/wizard-steps';
import type { StepRow } from '../../../machines/kitchen/step-table';

export const ADDED_ID = 'lighting';
/** The step the added ones follow. */
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

/** The catalogue step: one of the worktop materials, kept in `choices` and chosen by the shared event. */
export const ADDED_CATALOGUE_ID = 'trial-splashback';

export const ADDED_CATALOGUE_ROW = {
  kind: 'catalogue-choice',
  title: 'Splashback Material',
  description: 'Choose the material behind your worktop.',
  blockedReason: 'Choose a splashback material to continue.',
  list: 'worktopMaterials',
} as const satisfies StepRow;

/** Its look, as a studio writes it in CATALOGUE_LOOKS (src/screens/wizard/step-looks.tsx). */
export const ADDED_CATALOGUE_LOOK = {
  legend: 'Splashback Material',
  hideLegend: true,
  loadingLabel: 'Loading splashback materials…',
  emptyMessage: 'No splashback materials are available right now.',
  option: (material: string) => ({ key: material, label: material }),
};

/** The ids with the added ones inserted after `ADDED_AFTER`, as a studio would write them. */
export const withAddedIds = <T extends string>(ids: readonly T[]): string[] => {
  const taken = [ADDED_ID, ADDED_CATALOGUE_ID].filter((id) => (ids as readonly string[]).includes(id));
  if (taken.length > 0)
    throw new Error(`A real step is now named ${taken.join(', ')}: rename the trial's step.`);
  const index = ids.indexOf(ADDED_AFTER as T);
  if (index < 0) throw new Error(`No step ${ADDED_AFTER} to add a step after.`);
  return [...ids.slice(0, index + 1), ADDED_ID, ADDED_CATALOGUE_ID, ...ids.slice(index + 1)];
};

/** A table keyed by step with the added steps' entries. */
const withAdded = <T extends object, F, C>(table: T, fixed: F, catalogue: C) => ({
  ...table,
  [ADDED_ID]: fixed,
  [ADDED_CATALOGUE_ID]: catalogue,
});

/** The spec oracle's titles with the added ones, as a studio adds them there. */
export const withAddedTitles = <T extends object>(titles: T) =>
  withAdded(titles, ADDED_ROW.title, ADDED_CATALOGUE_ROW.title);

type ImportOriginal = <M>() => Promise<M>;

/** The contract's ids and options with the added steps (a `vi.mock` factory of contract/wizard-steps). */
export const addedWizardSteps = async (importOriginal: ImportOriginal) => {
  const original = await importOriginal<typeof import('../../../contract/wizard-steps')>();
  return {
    ...original,
    WIZARD_STEP_IDS: withAddedIds(original.WIZARD_STEP_IDS),
    STEP_OPTIONS: { ...original.STEP_OPTIONS, [ADDED_ID]: ADDED_OPTIONS },
  };
};

/** The step table with the added rows (a `vi.mock` factory of machines/kitchen/step-table). */
export const addedStepTable = async (importOriginal: ImportOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/kitchen/step-table')>();
  return { ...original, STEP_ROWS: withAdded(original.STEP_ROWS, ADDED_ROW, ADDED_CATALOGUE_ROW) };
};
