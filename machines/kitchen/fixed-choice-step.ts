// The fixed-choice steps (a choice among the options a row lists), and the shared `STEP.CHOSEN` they and the plain
// catalogue choices are made by (D89): the value is kept when the step offers it now. A fixed choice a catalogue
// list may decide is loaded first, and skipped when the list decides it (the handles auto-skip).
import { assign } from 'xstate';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';
import {
  catalogueLoad,
  frameActions,
  frameGuards,
  retryStates,
  stepFrame,
  stepNavigation,
} from './step-frame';
import { keepOption, nextStepOf, offersValue, previousStepOf, type RowOfKind, type StepId } from './steps';

export const choiceActions = kitchenActions({
  chooseStepOption: assign(({ context }, params: { step: StepId; value: string }) =>
    keepOption(params.step, context, params.value),
  ),
});

export const choiceGuards = kitchenGuards({
  isOptionOf: ({ context }, params: { step: StepId; chosen: { step: StepId; value: string } }) =>
    params.chosen.step === params.step && offersValue(params.step, params.chosen.value, context),
  isMovingBackward: ({ context }) => context.direction === 'backward',
});

const choiceSetup = partSetup({
  actions: { ...frameActions, ...choiceActions },
  guards: { ...frameGuards, ...choiceGuards },
});

/** The shared `STEP.CHOSEN` on a step: kept when the step offers the value (a fixed or a plain catalogue choice). */
export const stepChosen = (step: StepId) =>
  choiceSetup.createStateConfig({
    on: {
      'STEP.CHOSEN': {
        guard: { type: 'isOptionOf', params: ({ event }) => ({ step, chosen: event }) },
        actions: { type: 'chooseStepOption', params: ({ event }) => ({ step, value: event.value }) },
      },
    },
  }).on;

/** A step that hands its neighbour on, the way the user was going (the handles auto-skip). */
const neighbourTarget = (neighbour: StepId | null) => {
  if (neighbour === null) throw new Error('A step that skips itself needs a neighbour on both sides.');
  return `#kitchen.routes.create-kitchen.${neighbour}`;
};

/** A fixed choice that a catalogue list may decide: loaded first, and skipped when the list decides it. */
const decidedStates = (step: StepId, list: NonNullable<RowOfKind<'fixed-choice'>['decidedBy']>['list']) =>
  choiceSetup.createStateConfig({
    initial: 'loading',
    states: {
      loading: catalogueLoad(list, { decides: 'choice', step }),
      skipping: {
        description: 'The skip carries on the way the user was going, replacing history.',
        always: [
          {
            guard: 'isMovingBackward',
            target: neighbourTarget(previousStepOf(step)),
            actions: 'markRedirect',
          },
          { target: neighbourTarget(nextStepOf(step)), actions: 'markRedirect' },
        ],
      },
      ready: {},
      ...retryStates('loading'),
    },
  });

export const fixedChoiceStep = (row: RowOfKind<'fixed-choice'>) =>
  choiceSetup.createStateConfig({
    ...stepFrame(row.id),
    ...(row.decidedBy && decidedStates(row.id, row.decidedBy.list)),
    on: { ...stepChosen(row.id), ...stepNavigation(row.id) },
  });
