// Every wizard step's state, built from its row by kind (DESIGN "The statechart"): no step's state is written
// by hand. A kind is its sub-states, its events and what it keeps; the frame (route meta, Next, Back, loads, Try
// again) is shared by all of them (step-frame.ts).
import type { CatalogueResult } from './catalogue';
import type { KitchenEventType } from './events';
import { photoStep } from './photo-step';
import { catalogueLoad, retryStates, stepFrame, stepNavigation } from './step-frame';
import { nextStepOf, previousStepOf, type RowOfKind, STEP_IDS, type StepId, stepRow } from './steps';

/** The named action (machine.ts) that keeps each catalogue choice's event; the event is its parameters. */
const KEEPS = {
  'DESIGN.SELECTED': 'selectDesign',
  'FINISH.SELECTED': 'selectFinish',
  'FRONTAL_COLOUR_GROUP.SELECTED': 'selectFrontalColourGroup',
  'FRONTAL.SELECTED': 'selectFrontal',
  'MATERIAL.SELECTED': 'selectMaterial',
  'WORKTOP_COLOUR_GROUP.SELECTED': 'selectWorktopColourGroup',
  'WORKTOP_COLOUR.SELECTED': 'selectWorktopColour',
  'WORKTOP.SELECTED': 'selectWorktop',
} as const satisfies Partial<Record<KitchenEventType, string>>;

type ChoiceEvent = keyof typeof KEEPS;

const isChoiceEvent = (type: string): type is ChoiceEvent => Object.hasOwn(KEEPS, type);

/** The action that keeps a row's choice event, checked when the chart is built: a row naming another fails. */
const keeping = (type: string) => {
  if (!isChoiceEvent(type)) throw new Error(`No action keeps the choice event ${type}.`);
  return { type: KEEPS[type], params: ({ event }: { event: never }) => event };
};

type StepChosen = { event: { step: StepId; value: string } };

/** The shared `STEP.CHOSEN` on a step: kept when the step offers the value (a fixed or a plain catalogue choice). */
const stepChosen = (step: StepId) => ({
  'STEP.CHOSEN': {
    guard: {
      type: 'isOptionOf' as const,
      params: ({ event }: StepChosen) => ({ step, chosen: event }),
    },
    actions: {
      type: 'chooseStepOption' as const,
      params: ({ event }: StepChosen) => ({ step, value: event.value }),
    },
  },
});

const catalogueChoiceStep = (row: RowOfKind<'catalogue-choice'>) => ({
  ...stepFrame(row.id),
  initial: 'loading' as const,
  states: { loading: catalogueLoad(row.list), ready: {}, ...retryStates('loading') },
  on: {
    ...(row.chooses ? { [row.chooses]: { actions: keeping(row.chooses) } } : stepChosen(row.id)),
    ...stepNavigation(row.id),
  },
});

const groupedSwatchStep = (row: RowOfKind<'grouped-swatch'>) => ({
  ...stepFrame(row.id),
  initial: 'loadingGroups' as const,
  states: {
    loadingGroups: catalogueLoad(row.groups, [
      { guard: { type: 'hasChosenGroup', params: { step: row.id } }, target: 'loadingSwatches' },
      { target: 'choosingGroup' },
    ]),
    choosingGroup: {},
    loadingSwatches: {
      ...catalogueLoad(row.swatches),
      description: 'The swatches are asked for only once a group is chosen.',
    },
    ready: {},
    ...retryStates('loadingGroups'),
  },
  on: {
    [row.choosesGroup]: { target: '.loadingSwatches', reenter: true, actions: keeping(row.choosesGroup) },
    [row.chooses]: { actions: keeping(row.chooses) },
    ...stepNavigation(row.id),
  },
});

/** A step that hands its neighbour on, the way the user was going (the handles auto-skip). */
const neighbourTarget = (neighbour: StepId | null) => {
  if (neighbour === null) throw new Error('A step that skips itself needs a neighbour on both sides.');
  return `#kitchen.routes.create-kitchen.${neighbour}`;
};

type Loaded = { event: { output: CatalogueResult } };

/** A fixed choice that a catalogue list may decide: loaded first, and skipped when the list decides it. */
const decidedStates = (step: StepId, list: NonNullable<RowOfKind<'fixed-choice'>['decidedBy']>['list']) => {
  const decision = ({ event }: Loaded) => ({ step, items: event.output.items });
  return {
    initial: 'loading' as const,
    states: {
      loading: catalogueLoad(list, [
        {
          description: 'The list decides the choice: keep it and skip the step.',
          guard: { type: 'listDecidesChoice', params: decision },
          target: 'skipping',
          actions: [{ type: 'keepDecidedChoice', params: decision }],
        },
        { target: 'ready' },
      ]),
      skipping: {
        description: 'The skip carries on the way the user was going, replacing history.',
        always: [
          {
            guard: 'isMovingBackward' as const,
            target: neighbourTarget(previousStepOf(step)),
            actions: 'markRedirect' as const,
          },
          { target: neighbourTarget(nextStepOf(step)), actions: 'markRedirect' as const },
        ],
      },
      ready: {},
      ...retryStates('loading'),
    },
  };
};

const fixedChoiceStep = (row: RowOfKind<'fixed-choice'>) => ({
  ...stepFrame(row.id),
  ...(row.decidedBy && decidedStates(row.id, row.decidedBy.list)),
  on: { ...stepChosen(row.id), ...stepNavigation(row.id) },
});

const stateOfStep = (step: StepId) => {
  const row = stepRow(step);
  switch (row.kind) {
    case 'photo':
      return photoStep(step);
    case 'catalogue-choice':
      return catalogueChoiceStep({ ...row, id: step });
    case 'grouped-swatch':
      return groupedSwatchStep({ ...row, id: step });
    case 'fixed-choice':
      return fixedChoiceStep({ ...row, id: step });
  }
};

/** The wizard's states, one per row, in step order. */
export const wizardStepStates = () => Object.fromEntries(STEP_IDS.map((step) => [step, stateOfStep(step)]));
