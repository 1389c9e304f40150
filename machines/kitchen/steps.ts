// Everything about the step order, read from the one table (step-table.ts): ids, paths, progress, neighbours,
// what each step needs and loads, and the plain-choice steps the chart builds from their rows alone.
import type { CatalogueKind } from './catalogue';
import type { KitchenContext } from './context';
import { type ChosenInWords, type StepRow, WIZARD_STEPS } from './step-table';

export type StepId = (typeof WIZARD_STEPS)[number]['id'];

/** The steps that are a plain choice among the options their row lists (D39). */
export type PlainChoiceStepId = Extract<(typeof WIZARD_STEPS)[number], { choice: unknown }>['id'];

/** The steps a table must name one by one; the plain choices follow from their rows. */
export type OwnStepId = Exclude<StepId, PlainChoiceStepId>;

export interface StepMeta {
  id: StepId;
  path: string;
  title: string;
  description: string;
  /** 0-based position in the step order. */
  position: number;
}

export const WIZARD_BASE_PATH = '/create-kitchen';

/** The rows as the general row type: a row's own literal type would hide the optional parts it leaves out. */
const ROWS: readonly (StepRow & { id: StepId })[] = WIZARD_STEPS;

export const STEP_IDS: readonly StepId[] = ROWS.map((step) => step.id);

export const FIRST_STEP = STEP_IDS[0] as StepId;
/** The last step has no Next: it generates the kitchen. */
export const LAST_STEP = STEP_IDS[STEP_IDS.length - 1] as StepId;

export const stepRow = (id: StepId): StepRow => {
  const row = ROWS.find((step) => step.id === id);
  if (!row) throw new Error(`Unknown wizard step: ${id}`);
  return row;
};

export const stepMeta = (id: StepId): StepMeta => {
  const { title, description } = stepRow(id);
  return { id, title, description, path: `${WIZARD_BASE_PATH}/${id}`, position: STEP_IDS.indexOf(id) };
};

export const isStepId = (value: string): value is StepId => (STEP_IDS as readonly string[]).includes(value);

/** Progress shown for a step: (index + 1) / the number of steps, as a percentage. */
export const stepProgress = (id: StepId): number => ((STEP_IDS.indexOf(id) + 1) / STEP_IDS.length) * 100;

/** The step after this one; the last step has none. */
export const nextStepOf = (id: StepId): StepId | null => STEP_IDS[STEP_IDS.indexOf(id) + 1] ?? null;

/** The step before this one; the first step has none. */
export const previousStepOf = (id: StepId): StepId | null => {
  const index = STEP_IDS.indexOf(id);
  return index > 0 ? (STEP_IDS[index - 1] ?? null) : null;
};

export const isStepBefore = (a: StepId, b: StepId): boolean => STEP_IDS.indexOf(a) < STEP_IDS.indexOf(b);

export const PLAIN_CHOICE_STEPS: readonly StepId[] = ROWS.filter((row) => row.choice).map((row) => row.id);

export const isPlainChoiceStep = (id: StepId): boolean => PLAIN_CHOICE_STEPS.includes(id);

export const stepOptions = (id: StepId) => stepRow(id).choice?.options ?? [];

/** Whether the step's choice is made; a plain choice needs one of its options. */
export const stepNeedsMet = (id: StepId, context: KitchenContext): boolean => {
  const { needs } = stepRow(id);
  return needs ? needs(context) : stepOptions(id).some((option) => option.value === context.choices[id]);
};

export const stepLookups = (id: StepId): readonly CatalogueKind[] => stepRow(id).loads ?? [];

/** The step's choice in words, or null while it is missing. */
export const chosenOn = (id: StepId, context: KitchenContext): ChosenInWords | null => {
  const { chosen } = stepRow(id);
  if (chosen) return chosen(context);
  const option = stepOptions(id).find(({ value }) => value === context.choices[id]);
  return option ? { value: option.value, label: option.label } : null;
};

/**
 * A table with an entry for every step: those of `own` (a step missing there does not compile) and, for each
 * plain-choice step, what `plain` makes from its id. Tests and screens key their step tables with this.
 */
export const byStep = <T>(own: Record<OwnStepId, T>, plain: (step: StepId) => T): Record<StepId, T> =>
  Object.fromEntries(
    STEP_IDS.map((step) => [step, isPlainChoiceStep(step) ? plain(step) : (own as Record<StepId, T>)[step]]),
  ) as Record<StepId, T>;
