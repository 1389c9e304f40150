// The result page's route (`your-kitchen`: the kitchen, the review of all choices, generating, the error screen)
// and the `generationGate` region beside it, closed after the service refuses a generation for one of its limits
// until its Retry-After has passed; with the actions and guards they name.
import { assign, raise } from 'xstate';
import type {
  EmptyRoomOutput,
  GeneratedKitchen,
  GenerationFailure,
  GenerationStage,
  PastGeneration,
} from './actors';
import { comparisonActions, comparisonGuards, comparisonStates } from './comparison-states';
import { configurationOf } from './configuration';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';
import { kitchenKeyOf } from './preview';
import { frameActions, frameGuards, generateWhenAllowed, messageOf, retryStates } from './step-frame';

const remainingOf = (error: unknown): number | null => {
  const remaining = (error as Partial<GenerationFailure> | null)?.remainingGenerations;
  return typeof remaining === 'number' ? remaining : null;
};

const refusalOf = (error: unknown) => (error as Partial<GenerationFailure> | null)?.refusal ?? null;

export const yourKitchenActions = kitchenActions({
  startGeneration: assign({ error: null, generationStage: 'queued' }),
  storeGenerationStage: assign((_, params: { stage: GenerationStage }) => ({
    generationStage: params.stage,
  })),
  storeEmptyRoom: assign(({ context }, params: EmptyRoomOutput) => ({
    emptyRoomId: params.emptyRoomId,
    remainingGenerations: params.remainingGenerations ?? context.remainingGenerations,
  })),
  storeGeneratedKitchen: assign(({ context }, params: GeneratedKitchen) => ({
    lastKitchenKey: kitchenKeyOf(context),
    lastGeneratedImageDataUrl: params.imageUrl,
    lastGenerationProvider: params.provider,
    lastLayoutSketchUrl: params.layoutSketchUrl,
    remainingGenerations: params.remainingGenerations,
    generationStage: null,
  })),
  storeGenerationError: assign(({ context }, params: { error: unknown }) => ({
    error: messageOf(params.error),
    remainingGenerations: remainingOf(params.error) ?? context.remainingGenerations,
    generationStage: null,
  })),
  storeGenerationRefusal: assign(({ context }, params: { error: unknown }) => ({
    generationRefusal: {
      message: messageOf(params.error),
      retryAfterMs: refusalOf(params.error)?.retryAfterMs ?? null,
    },
    remainingGenerations: remainingOf(params.error) ?? context.remainingGenerations,
    generationStage: null,
  })),
  closeGenerationGate: raise({ type: 'GENERATION.REFUSED' }),
  clearGenerationRefusal: assign({ generationRefusal: null }),
  clearGenerationStage: assign({ generationStage: null }),
  storeGenerationHistory: assign((_, params: { history: PastGeneration[] }) => ({
    generationHistory: params.history,
  })),
  forgetGenerationHistory: assign({ generationHistory: [] }),
  startChangingOneThing: assign({ changingOneThing: true }),
  stopChangingOneThing: assign({ changingOneThing: false }),
  openKitchen: assign(({ event }) => ({
    openedKitchenId: event.type === 'KITCHEN.OPEN' ? event.jobId : null,
  })),
  showLatestKitchen: assign({ openedKitchenId: null }),
  changeOneThing: raise(({ event }) => ({
    type: 'NAVIGATE',
    route: event.type === 'CHANGE_ONE_THING' ? (`create-kitchen/${event.step}` as const) : 'your-kitchen',
  })),
});

export const yourKitchenGuards = kitchenGuards({
  isKitchenInHistory: ({ context, event }) =>
    event.type === 'KITCHEN.OPEN' &&
    (event.jobId === null || context.generationHistory.some(({ id }) => id === event.jobId)),
  isRefusal: (_, params: { error: unknown }) => refusalOf(params.error) !== null,
  needsEmptyRoom: ({ context }) => context.emptyRoomId === null,
  hasGeneratedKitchen: ({ context }) => context.lastGeneratedImageDataUrl !== null,
});

const yourKitchenSetup = partSetup({
  actions: { ...frameActions, ...comparisonActions, ...yourKitchenActions },
  guards: { ...frameGuards, ...comparisonGuards, ...yourKitchenGuards },
});

/** The page's transitions the result, the empty page and the review share. */
const pageEvents = yourKitchenSetup.createStateConfig({
  on: {
    /**
     * Change one thing (issues 16, 25): the wizard at that step, every other choice kept (a move there); Next then
     * returns to the review once every choice is made.
     */
    CHANGE_ONE_THING: {
      description:
        'Change one thing: the wizard at that step with every other choice kept; Next returns to the review.',
      actions: ['startChangingOneThing', 'changeOneThing'],
    },
    /** An earlier kitchen of the history on the result page (issue 25), or the latest again (null). */
    'KITCHEN.OPEN': {
      description: 'Opens a kitchen of the history on the result page; null goes back to the latest.',
      guard: 'isKitchenInHistory',
      actions: 'openKitchen',
    },
  },
  /** The user's earlier kitchens: an extra, so if they cannot be read the page shows without them. */
  invoke: {
    id: 'loadGenerationHistory',
    src: 'loadGenerationHistory',
    onDone: {
      actions: { type: 'storeGenerationHistory', params: ({ event }) => ({ history: event.output }) },
    },
    onError: { actions: 'forgetGenerationHistory' },
  },
});
const { CHANGE_ONE_THING: changeOneThing, 'KITCHEN.OPEN': openKitchen } = pageEvents.on;
const historyLoad = pageEvents.invoke;

/**
 * How a generation ends when its call rejects: a refusal for one of the service's limits goes back to the page
 * and closes the generation gate; anything else is the error screen.
 */
const generationFailed = yourKitchenSetup.createStateConfig({
  // Typed on an invoke without input: every call's error event is alike.
  invoke: {
    src: 'loadGenerationHistory',
    onError: [
      {
        guard: { type: 'isRefusal', params: ({ event }) => event },
        target: '#kitchen.routes.your-kitchen.showing',
        actions: [
          { type: 'storeGenerationRefusal', params: ({ event }) => ({ error: event.error }) },
          'closeGenerationGate',
        ],
      },
      {
        target: '#kitchen.routes.your-kitchen.failed',
        actions: { type: 'storeGenerationError', params: ({ event }) => ({ error: event.error }) },
      },
    ],
  },
}).invoke.onError;

export const yourKitchenRoute = yourKitchenSetup.createStateConfig({
  meta: { route: 'your-kitchen' },
  initial: 'showing',
  states: {
    showing: { always: [{ guard: 'hasGeneratedKitchen', target: 'result' }, { target: 'empty' }] },
    // An account signed in on a new browser has no kitchen here yet, but has a history to show.
    empty: { invoke: historyLoad, on: { 'KITCHEN.OPEN': openKitchen } },
    result: {
      entry: 'stopChangingOneThing',
      invoke: historyLoad,
      on: {
        GENERATE: { guard: generateWhenAllowed, target: 'generating' },
        CHANGE_ONE_THING: changeOneThing,
        'KITCHEN.OPEN': openKitchen,
      },
      ...comparisonStates,
    },
    reviewing: {
      description:
        'Every choice with its Change, and Generate (issue 25): where Next leads while changing one thing.',
      on: {
        GENERATE: { guard: generateWhenAllowed, target: 'generating' },
        CHANGE_ONE_THING: changeOneThing,
        'REVIEW.CLOSE': 'showing',
      },
    },
    generating: {
      tags: ['generating'],
      entry: ['startGeneration', 'stopChangingOneThing', 'showLatestKitchen'],
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'needsEmptyRoom', target: 'emptyRoom' }, { target: 'kitchen' }],
        },
        emptyRoom: {
          invoke: {
            id: 'generateEmptyRoom',
            src: 'generateEmptyRoom',
            input: ({ context, self }) => ({
              imageId: context.inputImageId,
              imageDataUrl: context.inputImageDataUrl,
              listener: self,
            }),
            onDone: {
              target: 'kitchen',
              actions: { type: 'storeEmptyRoom', params: ({ event }) => event.output },
            },
            onError: generationFailed,
          },
        },
        kitchen: {
          invoke: {
            id: 'generateKitchen',
            src: 'generateKitchen',
            input: ({ context, self }) => ({
              imageId: context.inputImageId,
              imageDataUrl: context.inputImageDataUrl,
              emptyRoomId: context.emptyRoomId,
              configuration: configurationOf(context),
              listener: self,
            }),
            onDone: {
              target: '#kitchen.routes.your-kitchen.result',
              actions: { type: 'storeGeneratedKitchen', params: ({ event }) => event.output },
            },
            onError: generationFailed,
          },
        },
      },
      on: {
        'GENERATION.STAGE': {
          actions: { type: 'storeGenerationStage', params: ({ event }) => ({ stage: event.stage }) },
        },
        'GENERATION.CANCEL': { target: 'showing', actions: 'clearGenerationStage' },
      },
    },
    ...retryStates('generating'),
  },
});

export const generationGateRegion = yourKitchenSetup.createStateConfig({
  description:
    'Closed while the service refuses new generations for one of its limits, until its Retry-After has passed.',
  initial: 'open',
  // On the state, not the region: a transition from a region of the parallel root to its own child would
  // re-enter every region (the session would authorise again, the routes start over). Generate is never
  // offered while refused, so only the open gate hears of refusals.
  states: {
    open: { on: { 'GENERATION.REFUSED': 'refused' } },
    refused: {
      after: { refusalWait: { target: 'open', actions: 'clearGenerationRefusal' } },
    },
  },
});
