// What every wizard step's state is made of, whatever its kind: its route meta and entry, Next and Back to its
// neighbours, a catalogue load, and the error screen's Try again. The states by kind (step-states.ts) and the
// photo step (photo-step.ts) are built from these.
import { and } from 'xstate';
import type { CatalogueKind, CatalogueResult } from './catalogue';
import { catalogueRequest } from './catalogue-requests';
import type { KitchenContext } from './context';
import type { RouteId } from './routes';
import { nextStepOf, previousStepOf, type StepId, stepMeta } from './steps';

/** Tags mark what a screen shows while a state is active: a spinner, the error screen, a busy photo. */
export type KitchenTag =
  | 'loading'
  | 'error'
  | 'retrying'
  | 'processingImage'
  | 'moderating'
  | 'generating'
  | 'marking'
  | 'savingMarking';

/** A step's route and step meta, and the entry that records where the user is. */
export const stepFrame = (step: StepId) => ({
  meta: { route: `create-kitchen/${step}` satisfies RouteId, step: stepMeta(step) },
  entry: { type: 'enterStep' as const, params: { step } },
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
  return {
    ...(next
      ? {
          NEXT: [
            {
              description:
                'Changing one thing: once every choice is made, Next returns to the review instead of the next step.',
              guard: and(['isChangingOneThing', 'isConfigurationComplete']),
              target: '#kitchen.routes.your-kitchen.reviewing',
              actions: 'navigateForward' as const,
            },
            {
              guard: { type: 'isStepComplete' as const, params: { step } },
              target: next,
              actions: 'navigateForward' as const,
            },
          ],
        }
      : {
          GENERATE: {
            description: 'The last step has no next: it generates the kitchen.',
            guard: generateWhenAllowed,
            target: '#kitchen.routes.your-kitchen.generating',
            actions: 'navigateForward' as const,
          },
        }),
    ...(previous && { BACK: { target: previous, actions: 'navigateBackward' as const } }),
  };
};

/** The error screen and its Try again: the error stays on screen for the retry delay, then loads start over. */
export const retryStates = (reloadFrom: string) => ({
  failed: { tags: 'error' as const, on: { RETRY: 'retrying' } },
  retrying: {
    tags: ['error', 'retrying'] as KitchenTag[],
    after: { retryDelay: { target: reloadFrom, actions: 'clearError' as const } },
  },
});

type Loaded = { event: { output: CatalogueResult } };

/** Where a load goes once done: the first outcome whose guard holds, with its own actions after the storing. */
export interface LoadOutcome {
  target: string;
  description?: string;
  guard?:
    | { type: 'hasChosenGroup'; params: { step: StepId } }
    | {
        type: 'listDecidesChoice';
        params: (args: Loaded) => { step: StepId; items: CatalogueResult['items'] };
      };
  actions?: readonly {
    type: 'keepDecidedChoice';
    params: (args: Loaded) => { step: StepId; items: CatalogueResult['items'] };
  }[];
}

/** The invoked load's id: `loadFinishes` for `finishes`. */
const loadIdOf = (kind: CatalogueKind) => `load${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

/** A step's catalogue load: one invoked call with its own id, stored on success, the error screen on failure. */
export const catalogueLoad = (
  kind: CatalogueKind,
  outcomes: readonly LoadOutcome[] = [{ target: 'ready' }],
) => ({
  tags: 'loading' as const,
  invoke: {
    id: loadIdOf(kind),
    src: 'loadCatalogue' as const,
    input: ({ context }: { context: KitchenContext }) => catalogueRequest(kind, context),
    onDone: outcomes.map(({ actions = [], ...outcome }) => ({
      ...outcome,
      actions: [
        { type: 'storeCatalogueList' as const, params: ({ event }: Loaded) => event.output },
        ...actions,
      ],
    })),
    onError: {
      target: 'failed',
      actions: {
        type: 'storeError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  },
});
