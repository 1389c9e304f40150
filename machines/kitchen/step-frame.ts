// What every wizard step's state is made of, whatever its kind: its route meta and entry, Next and Back to its
// neighbours, a catalogue load and what a loaded list may decide, the error screen's Try again, and the actions
// and guards these name. The states by kind (step-states.ts) and the photo step (photo-step.ts) are built from
// these.
import { and, assign, type DoneActorEvent, stateIn } from 'xstate';
import { type CatalogueKind, type CatalogueResult, emptyCatalogue } from './catalogue';
import { catalogueRequest } from './catalogue-requests';
import { initialWizardState } from './context';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';
import { isConfigurationComplete, isStepComplete } from './requirements';
import type { RouteId } from './routes';
import { emptyFrontals, emptyWorktops } from './selections';
import {
  decidedValue,
  keepOption,
  nextStepOf,
  previousStepOf,
  type StepId,
  stepMeta,
  stepRow,
} from './steps';

/** The message of whatever a call rejected with: an Error, a `{ message }` failure or a string. */
export const messageOf = (error: unknown): string => {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'The request failed.';
};

type Decision = { step: StepId; items: CatalogueResult['items'] };

export const frameActions = kitchenActions({
  enterStep: assign((_, params: { step: StepId }) => ({ currentStep: params.step })),
  navigateForward: assign({ navigation: 'push', direction: 'forward' }),
  navigateBackward: assign({ navigation: 'push', direction: 'backward' }),
  markRedirect: assign({ navigation: 'replace' }),
  storeCatalogueList: assign(({ context }, result: CatalogueResult) => ({
    catalogue: { ...context.catalogue, [result.kind]: result.items },
  })),
  /** A list that decides a fixed choice on its own (the handles auto-skip) keeps the choice it decides. */
  keepDecidedChoice: assign(({ context }, params: Decision) => {
    const value = decidedValue(params.step, params.items);
    return value === null ? {} : keepOption(params.step, context, value);
  }),
  storeError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  clearError: assign({ error: null }),
  /** Start over (RESET, and after "delete my data"): every choice back to its initial state. */
  resetWizard: assign({
    ...initialWizardState(),
    frontals: emptyFrontals(),
    worktops: emptyWorktops(),
    catalogue: emptyCatalogue(),
    error: null,
    generationStage: null,
    changingOneThing: false,
    openedKitchenId: null,
  }),
});

export const frameGuards = kitchenGuards({
  isStepComplete: ({ context }, params: { step: StepId }) => isStepComplete(params.step, context),
  isConfigurationComplete: ({ context }) => isConfigurationComplete(context),
  isChangingOneThing: ({ context }) => context.changingOneThing,
  hasGenerationsLeft: ({ context }) =>
    context.remainingGenerations === null || context.remainingGenerations > 0,
  isGenerationGateOpen: stateIn('#kitchen.generationGate.open'),
  /** A grouped step whose group is chosen loads its swatches at once. */
  hasChosenGroup: ({ context }, params: { step: StepId }) => {
    const row = stepRow(params.step);
    return row.kind === 'grouped-swatch' && row.group(context) !== null;
  },
  listDecidesChoice: (_, params: Decision) => decidedValue(params.step, params.items) !== null,
});

/** The setup every step's states are typed by: the frame's actions and guards, and a kind's own on top. */
export const frameSetup = partSetup({ actions: frameActions, guards: frameGuards });

/** A step's route and step meta, and the entry that records where the user is. */
export const stepFrame = (step: StepId) =>
  frameSetup.createStateConfig({
    meta: { route: `create-kitchen/${step}` satisfies RouteId, step: stepMeta(step) },
    entry: { type: 'enterStep', params: { step } },
  });

/** Where Generate goes, from the last step and from the result page, when everything allows it. */
export const generateWhenAllowed = and([
  'isConfigurationComplete',
  'hasGenerationsLeft',
  'isGenerationGateOpen',
]);

/**
 * Next (gated by the requirements) and Back, to the neighbours the step order names: the order is data in one
 * place (D1, D39). The first step has no Back; the last has no Next: it generates instead.
 */
export const stepNavigation = (step: StepId) => {
  const next = nextStepOf(step);
  const previous = previousStepOf(step);
  return frameSetup.createStateConfig({
    on: {
      ...(next
        ? {
            NEXT: [
              {
                description:
                  'Changing one thing: once every choice is made, Next returns to the review instead of the next step.',
                guard: and(['isChangingOneThing', 'isConfigurationComplete']),
                target: '#kitchen.routes.your-kitchen.reviewing',
                actions: 'navigateForward',
              },
              {
                guard: { type: 'isStepComplete', params: { step } },
                target: next,
                actions: 'navigateForward',
              },
            ],
          }
        : {
            GENERATE: {
              description: 'The last step has no next: it generates the kitchen.',
              guard: generateWhenAllowed,
              target: '#kitchen.routes.your-kitchen.generating',
              actions: 'navigateForward',
            },
          }),
      ...(previous && { BACK: { target: previous, actions: 'navigateBackward' } }),
    },
  }).on;
};

/** The error screen and its Try again: the error stays on screen for the retry delay, then loads start over. */
export const retryStates = (reloadFrom: string) =>
  frameSetup.createStateConfig({
    states: {
      failed: { tags: 'error', on: { RETRY: 'retrying' } },
      retrying: {
        tags: ['error', 'retrying'],
        after: { retryDelay: { target: reloadFrom, actions: 'clearError' } },
      },
    },
  }).states;

/** A step's call that failed: the error screen, with its message. */
export const callFailed = frameSetup.createStateConfig({
  // Typed on an invoke without input: every call's error event is alike.
  invoke: {
    src: 'loadGenerationHistory',
    onError: {
      target: 'failed',
      actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
    },
  },
}).invoke.onError;

/** The invoked load's id: `loadFinishes` for `finishes`. */
const loadIdOf = (kind: CatalogueKind) => `load${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

/**
 * What a loaded list decides before its step is shown: nothing (the step is ready), that a grouped step's swatches
 * load at once because its group is chosen (`group`), or that the list makes a fixed choice on its own and the
 * step is skipped (`choice`: the handles auto-skip).
 */
export type LoadDecision = { decides: 'nothing' } | { decides: 'group' | 'choice'; step: StepId };

const NOTHING: LoadDecision = { decides: 'nothing' };

/** The loaded list, for the action that stores it (the one place a load's done event is named). */
const loadedList = ({ event }: { event: DoneActorEvent<CatalogueResult> }) => event.output;
const loadedDecision =
  (step: StepId) =>
  ({ event }: { event: DoneActorEvent<CatalogueResult> }) => ({ step, items: event.output.items });

/** A step's catalogue load: one invoked call with its own id, stored on success, the error screen on failure. */
export const catalogueLoad = (kind: CatalogueKind, decision: LoadDecision = NOTHING) =>
  frameSetup.createStateConfig({
    tags: 'loading',
    invoke: {
      id: loadIdOf(kind),
      src: 'loadCatalogue',
      input: ({ context }) => catalogueRequest(kind, context),
      // Where the load goes once done, its list stored first: the first outcome whose guard holds.
      onDone:
        decision.decides === 'group'
          ? [
              {
                guard: { type: 'hasChosenGroup', params: { step: decision.step } },
                target: 'loadingSwatches',
                actions: { type: 'storeCatalogueList', params: loadedList },
              },
              { target: 'choosingGroup', actions: { type: 'storeCatalogueList', params: loadedList } },
            ]
          : decision.decides === 'choice'
            ? [
                {
                  description: 'The list decides the choice: keep it and skip the step.',
                  guard: { type: 'listDecidesChoice', params: loadedDecision(decision.step) },
                  target: 'skipping',
                  actions: [
                    { type: 'storeCatalogueList', params: loadedList },
                    { type: 'keepDecidedChoice', params: loadedDecision(decision.step) },
                  ],
                },
                { target: 'ready', actions: { type: 'storeCatalogueList', params: loadedList } },
              ]
            : { target: 'ready', actions: { type: 'storeCatalogueList', params: loadedList } },
      onError: callFailed,
    },
  });
