// Everything about the step order, read from the contract's ids (contract/wizard-steps.ts) and the one row of each
// step (step-table.ts): ids, paths, progress, neighbours, each step's kind, what it needs and loads, and its choice.
import { type ChosenOption, WIZARD_STEP_IDS, type WizardStepId } from '../../contract/wizard-steps';
import type { CatalogueKind } from './catalogue';
import type { KitchenContext } from './context';
import {
  type ChosenValue,
  type FixedChoiceRow,
  STEP_ROWS,
  type StepKind,
  type StepOption,
  type StepRow,
} from './step-table';

export type StepId = WizardStepId;

type Rows = typeof STEP_ROWS;

/** The steps of one kind, as a type. */
export type StepIdOfKind<K extends StepKind> = {
  [S in StepId]: Rows[S] extends { kind: K } ? S : never;
}[StepId];

/** The row of one step, as its own literal type (what it lists, loads and chooses). */
export type RowOf<S extends StepId> = Rows[S];

/** The steps that are a choice among the options their row lists (D39). */
export type FixedChoiceStepId = StepIdOfKind<'fixed-choice'>;

/** The catalogue choices made by the shared `STEP.CHOSEN`: those whose row names no event of its own (D89). */
type SharedCatalogueStepId = {
  [S in StepIdOfKind<'catalogue-choice'>]: Rows[S] extends { chooses: string } ? never : S;
}[StepIdOfKind<'catalogue-choice'>];

/** The steps whose choice is made by the shared `STEP.CHOSEN`: a table reads them from their rows. */
export type SharedChoiceStepId = FixedChoiceStepId | SharedCatalogueStepId;

/** The steps a table must name one by one; the shared choices follow from their rows. */
export type OwnStepId = Exclude<StepId, SharedChoiceStepId>;

/** A row of one kind, with its id. */
export type RowOfKind<K extends StepKind> = Extract<StepRow, { kind: K }> & { id: StepId };

export interface StepMeta {
  id: StepId;
  path: string;
  title: string;
  description: string;
  /** 0-based position in the step order. */
  position: number;
}

export const WIZARD_BASE_PATH = '/create-kitchen';

export const STEP_IDS: readonly StepId[] = WIZARD_STEP_IDS;

/** The rows in step order, with their ids, as the general row type (a row's own type hides what it leaves out). */
const ROWS: readonly (StepRow & { id: StepId })[] = STEP_IDS.map((id) => {
  const row: StepRow | undefined = (STEP_ROWS as Partial<Record<StepId, StepRow>>)[id];
  if (!row) throw new Error(`The wizard step ${id} has no row in step-table.ts.`);
  return { ...row, id };
});

export const FIRST_STEP = STEP_IDS[0] as StepId;
/** The last step has no Next: it generates the kitchen. */
export const LAST_STEP = STEP_IDS[STEP_IDS.length - 1] as StepId;

export const stepRow = (id: StepId): StepRow & { id: StepId } => {
  const row = ROWS.find((step) => step.id === id);
  if (!row) throw new Error(`Unknown wizard step: ${id}`);
  return row;
};

export const stepKind = (id: StepId): StepKind => stepRow(id).kind;

/** The row of a step that must be of `kind`: a kind's screen reads its own row through this. */
export const rowAs = <K extends StepKind>(id: StepId, kind: K): RowOfKind<K> => {
  const row = stepRow(id);
  if (row.kind !== kind) throw new Error(`${id} is not a ${kind} step.`);
  return row as RowOfKind<K>;
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

/** A catalogue choice made by the shared event, its item kept in `context.choices[id]` (D89). */
const sharedCatalogueRow = (id: StepId): RowOfKind<'catalogue-choice'> | null => {
  const row = stepRow(id);
  return row.kind === 'catalogue-choice' && row.chooses === undefined ? row : null;
};

/** The steps whose choice is made by the shared `STEP.CHOSEN`: every fixed choice, and the plain catalogue ones. */
export const SHARED_CHOICE_STEPS: readonly StepId[] = STEP_IDS.filter(
  (id) => stepKind(id) === 'fixed-choice' || sharedCatalogueRow(id) !== null,
);

export const isSharedChoiceStep = (id: StepId): boolean => SHARED_CHOICE_STEPS.includes(id);

const fixedRow = (id: StepId): FixedChoiceRow | null => {
  const row = stepRow(id);
  return row.kind === 'fixed-choice' ? row : null;
};

export const stepOptions = (id: StepId): readonly StepOption[] => fixedRow(id)?.options ?? [];

/**
 * The values a shared-choice step offers now: a fixed choice's options, or the words of a catalogue choice's
 * loaded list (none until it is loaded).
 */
export const offeredValues = (id: StepId, context: KitchenContext): readonly string[] => {
  const catalogueRow = sharedCatalogueRow(id);
  if (!catalogueRow) return stepOptions(id).map((option) => option.value);
  const items: readonly unknown[] = context.catalogue[catalogueRow.list] ?? [];
  return items.filter((item): item is string => typeof item === 'string');
};

/** Whether `value` may be chosen on a shared-choice step now (what `STEP.CHOSEN` is guarded by). */
export const offersValue = (id: StepId, value: string, context: KitchenContext): boolean =>
  offeredValues(id, context).includes(value);

/** Whether a step keeps its choice in `context.choices[id]` (a studio's step), not in a field of the spec's. */
export const keptInChoices = (id: StepId): boolean =>
  isSharedChoiceStep(id) && fixedRow(id)?.kept === undefined;

/** The value chosen on a shared-choice step, or null while none is (or the step is not one). */
export const keptValue = (id: StepId, context: KitchenContext): string | null => {
  const kept = fixedRow(id)?.kept;
  if (kept) return kept(context);
  return isSharedChoiceStep(id) ? (context.choices[id] ?? null) : null;
};

/** The option chosen on a fixed-choice step, if it is one of the row's. */
const keptOption = (id: StepId, context: KitchenContext): StepOption | undefined => {
  const value = keptValue(id, context);
  return stepOptions(id).find((option) => option.value === value);
};

/** What choosing `value` on a shared-choice step changes in the context. */
export const keepOption = (id: StepId, context: KitchenContext, value: string): Partial<KitchenContext> => {
  const keep = fixedRow(id)?.keep;
  return withSpecFields(
    context,
    keep ? keep(context, value) : { choices: { ...context.choices, [id]: value } },
  );
};

/** The option a catalogue list decides on its own for a fixed-choice step, or null when it leaves the choice open. */
export const decidedValue = (id: StepId, items: readonly unknown[]): string | null => {
  const decidedBy = fixedRow(id)?.decidedBy;
  const words = items.filter((item): item is string => typeof item === 'string');
  return decidedBy && words.length === items.length ? decidedBy.decide(words) : null;
};

/** Whether the step's choice is made; a fixed choice needs one of its options, a plain catalogue choice an item. */
export const stepNeedsMet = (id: StepId, context: KitchenContext): boolean => {
  const row = stepRow(id);
  if (row.kind === 'fixed-choice') return keptOption(id, context) !== undefined;
  return row.needs ? row.needs(context) : keptValue(id, context) !== null;
};

/** The catalogue lists a step shows, in the order it loads them. */
export const stepLookups = (id: StepId): readonly CatalogueKind[] => {
  const row = stepRow(id);
  if (row.kind === 'catalogue-choice') return [row.list];
  if (row.kind === 'grouped-swatch') return [row.groups, row.swatches];
  if (row.kind === 'fixed-choice' && row.decidedBy) return [row.decidedBy.list];
  return [];
};

/** A catalogue step's chosen item in words: its row's reading, or the word kept in `context.choices`. */
const chosenItem = (
  id: StepId,
  row: { chosen?: (context: KitchenContext) => ChosenValue | null },
  context: KitchenContext,
): ChosenValue | null => {
  if (row.chosen) return row.chosen(context);
  const value = keptValue(id, context);
  return value === null ? null : { value, label: value };
};

/** The option chosen on a step, or null while it is missing (the photo has none to tell). */
export const chosenOn = (id: StepId, context: KitchenContext): ChosenOption | null => {
  const row = stepRow(id);
  if (row.kind === 'photo') return null;
  const chosen: ChosenValue | null =
    row.kind === 'fixed-choice' ? (keptOption(id, context) ?? null) : chosenItem(id, row, context);
  return (
    chosen && { step: id, value: chosen.value, label: chosen.label, ...(chosen.hex && { hex: chosen.hex }) }
  );
};

/**
 * `changes` with the spec's persisted fields that repeat a chosen option (spec §3) derived from the steps' one
 * reading of the changed context, so they are never kept on their own: `selectedStyle`, the door style in words,
 * and `selectedColor`, the front's hex. A cascade that clears the front clears its colour too.
 */
export function withSpecFields(
  context: KitchenContext,
  changes: Partial<KitchenContext>,
): Partial<KitchenContext> {
  const next = { ...context, ...changes };
  return {
    ...changes,
    selectedStyle: chosenOn('design', next)?.label ?? null,
    selectedColor: chosenOn('frontal-color', next)?.hex ?? null,
  };
}

/**
 * A table with an entry for every step: those of `own` (a step missing there does not compile) and, for each
 * shared-choice step (a fixed choice, a plain catalogue choice), what `shared` makes from its id. Tests and
 * screens key their step tables with this.
 */
export const byStep = <T>(own: Record<OwnStepId, T>, shared: (step: StepId) => T): Record<StepId, T> =>
  Object.fromEntries(
    STEP_IDS.map((step) => [
      step,
      isSharedChoiceStep(step) ? shared(step) : (own as Record<StepId, T>)[step],
    ]),
  ) as Record<StepId, T>;
