// The kitchen statechart: every screen as a route state, the wizard steps with their gating and redirects,
// the photo's moderation lifecycle, the selection cascades, the handles auto-skip and the server calls. It
// imports xstate only; the app projects its state onto the URL and provides the server calls.
import { assign, not, raise, setup, stateIn } from 'xstate';
import { type AccessDenialReason, type AccountOutput, accessDenialOf, accountErrorOf } from './account';
import {
  type AuthorizeUserOutput,
  type ComparedKitchen,
  declaredActors,
  type EmptyRoomOutput,
  type GeneratedKitchen,
  type GenerationFailure,
  type GenerationStage,
  type ImageVerdict,
  type PastGeneration,
} from './actors';
import { type CatalogueResult, emptyCatalogue, type LoadedCatalogue } from './catalogue';
import { configurationOf } from './configuration';
import {
  initialContext,
  initialWizardState,
  type KitchenContext,
  type KitchenInput,
  type PhotoMarking,
} from './context';
import type { KitchenEvent } from './events';
import {
  forgetIfExpired,
  freshVerdict,
  MODERATION_PURGE_INTERVAL_MS,
  purgeExpired,
  storeVerdict,
} from './moderation-cache';
import { firstIncompleteStepBefore, isConfigurationComplete, isStepComplete } from './requirements';
import { ROUTE_IDS, type RouteId, stepOfRoute } from './routes';
import { mayBeOfOnePhoto } from './same-photo';
import {
  chooseDoorStyleGroup,
  chooseFinish,
  chooseFrontal,
  chooseFrontalColourGroup,
  chooseMaterial,
  chooseWorktop,
  chooseWorktopColour,
  chooseWorktopColourGroup,
  emptyFrontals,
  emptyWorktops,
} from './selections';
import { generateWhenAllowed, type KitchenTag, retryStates } from './step-frame';
import { wizardStepStates } from './step-states';
import {
  decidedValue,
  isStepBefore,
  keepOption,
  offersValue,
  STEP_IDS,
  type StepId,
  stepRow,
  withSpecFields,
} from './steps';

/** The error screen's "Try again" clears the error after this long (spec §9). */
export const RETRY_DELAY_MS = 1000;

/** The message of whatever a call rejected with: an Error, a `{ message }` failure or a string. */
const messageOf = (error: unknown): string => {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'The request failed.';
};

const remainingOf = (error: unknown): number | null => {
  const remaining = (error as Partial<GenerationFailure> | null)?.remainingGenerations;
  return typeof remaining === 'number' ? remaining : null;
};

const refusalOf = (error: unknown) => (error as Partial<GenerationFailure> | null)?.refusal ?? null;

/** How long Generate waits after a refusal that named no Retry-After (a running job, the storage cap). */
export const DEFAULT_REFUSAL_WAIT_MS = 60_000;
/** The longest wait a refusal can ask for; past it Generate is offered again (and refused again if need be). */
export const LONGEST_REFUSAL_WAIT_MS = 24 * 60 * 60_000;

/**
 * How a generation ends when its call rejects: a refusal for one of the service's limits goes back to the page
 * and closes the generation gate; anything else is the error screen.
 */
const generationFailed = [
  {
    guard: { type: 'isRefusal' as const, params: ({ event }: { event: { error: unknown } }) => event },
    target: '#kitchen.routes.your-kitchen.showing',
    actions: [
      {
        type: 'storeGenerationRefusal' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
      'closeGenerationGate' as const,
    ],
  },
  {
    target: '#kitchen.routes.your-kitchen.failed',
    actions: {
      type: 'storeGenerationError' as const,
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
];

/** The user's earlier kitchens: an extra, so if they cannot be read the page shows without them. */
const historyLoad = {
  id: 'loadGenerationHistory',
  src: 'loadGenerationHistory' as const,
  onDone: {
    actions: {
      type: 'storeGenerationHistory' as const,
      params: ({ event }: { event: { output: PastGeneration[] } }) => ({ history: event.output }),
    },
  },
  onError: { actions: 'forgetGenerationHistory' as const },
};

/** A passkey ceremony's end: the session being over is access denied; anything else is said and may be retried. */
const ceremonyFailed = (target: 'failed' | 'member') => [
  {
    guard: { type: 'isAccessDenial' as const, params: ({ event }: { event: { error: unknown } }) => event },
    target: 'guest',
    actions: {
      type: 'raiseAccessDenial' as const,
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
  {
    target,
    actions: {
      type: 'storeAccountError' as const,
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
];

/** A ceremony that made this browser an account's: remember it. */
const accountStored = {
  type: 'storeAccount' as const,
  params: ({ event }: { event: { output: AccountOutput } }) => event.output,
};

/**
 * Change one thing (issues 16, 25): the wizard at that step, every other choice kept (a move there); Next then
 * returns to the review once every choice is made.
 */
const changeOneThing = {
  description:
    'Change one thing: the wizard at that step with every other choice kept; Next returns to the review.',
  actions: ['startChangingOneThing' as const, 'changeOneThing' as const],
};

/** An earlier kitchen of the history on the result page (issue 25), or the latest again (null). */
const openKitchen = {
  description: 'Opens a kitchen of the history on the result page; null goes back to the latest.',
  guard: 'isKitchenInHistory' as const,
  actions: 'openKitchen' as const,
};

/** The side-by-side view of 2 to 4 of the user's kitchens (issue 16), a child of the result page. */
const MIN_COMPARED = 2;
const MAX_COMPARED = 4;
const comparisonStates = {
  initial: 'single' as const,
  states: {
    single: {
      on: {
        'COMPARE.OPEN': {
          guard: 'isComparableSelection' as const,
          target: 'comparing',
          actions: {
            type: 'chooseComparison' as const,
            params: ({ event }: { event: { jobIds: string[] } }) => ({ jobIds: event.jobIds }),
          },
        },
      },
    },
    comparing: {
      initial: 'loading' as const,
      states: {
        loading: {
          invoke: {
            id: 'loadComparison',
            src: 'loadComparison' as const,
            input: ({ context }: { context: KitchenContext }) => ({
              jobIds: context.comparison?.jobIds ?? [],
            }),
            onDone: {
              target: 'showing',
              actions: {
                type: 'storeComparison' as const,
                params: ({ event }: { event: { output: ComparedKitchen[] } }) => ({ kitchens: event.output }),
              },
            },
            // Comparing is an extra: a failure says so in place and leaves the result as it was.
            onError: { target: 'failed' },
          },
        },
        showing: {},
        failed: {},
      },
      on: { 'COMPARE.CLOSE': { target: 'single', actions: 'forgetComparison' as const } },
    },
  },
};

export const kitchenMachine = setup({
  types: {
    context: {} as KitchenContext,
    events: {} as KitchenEvent,
    input: {} as KitchenInput,
    tags: {} as KitchenTag,
  },
  actors: declaredActors,
  delays: {
    retryDelay: RETRY_DELAY_MS,
    moderationPurgeInterval: MODERATION_PURGE_INTERVAL_MS,
    refusalWait: ({ context }) =>
      Math.min(context.generationRefusal?.retryAfterMs ?? DEFAULT_REFUSAL_WAIT_MS, LONGEST_REFUSAL_WAIT_MS),
  },
  guards: {
    isStepComplete: ({ context }, params: { step: StepId }) => isStepComplete(params.step, context),
    isOptionOf: ({ context }, params: { step: StepId; chosen: { step: StepId; value: string } }) =>
      params.chosen.step === params.step && offersValue(params.step, params.chosen.value, context),
    isBlockedAt: ({ context }, params: { step: StepId }) =>
      firstIncompleteStepBefore(context.currentStep, context) === params.step,
    isConfigurationComplete: ({ context }) => isConfigurationComplete(context),
    isChangingOneThing: ({ context }) => context.changingOneThing,
    isKitchenInHistory: ({ context, event }) =>
      event.type === 'KITCHEN.OPEN' &&
      (event.jobId === null || context.generationHistory.some(({ id }) => id === event.jobId)),
    hasGenerationsLeft: ({ context }) =>
      context.remainingGenerations === null || context.remainingGenerations > 0,
    isGenerationGateOpen: stateIn('#kitchen.generationGate.open'),
    isRefusal: (_, params: { error: unknown }) => refusalOf(params.error) !== null,
    isRoute: ({ event }, params: { route: RouteId }) =>
      event.type === 'NAVIGATE' && event.route === params.route,
    isSessionDenied: stateIn('#kitchen.session.denied'),
    isComparableSelection: ({ context, event }) =>
      event.type === 'COMPARE.OPEN' &&
      event.jobIds.length >= MIN_COMPARED &&
      event.jobIds.length <= MAX_COMPARED &&
      new Set(event.jobIds).size === event.jobIds.length &&
      mayBeOfOnePhoto(context.generationHistory, event.jobIds),
    hasNoUserId: ({ context }) => context.userId === null,
    isAccount: ({ context }) => context.isAccount,
    isAccessDenial: (_, params: { error: unknown }) => accessDenialOf(params.error) !== null,
    listDecidesChoice: (_, params: { step: StepId; items: CatalogueResult['items'] }) =>
      decidedValue(params.step, params.items) !== null,
    isMovingBackward: ({ context }) => context.direction === 'backward',
    // A verdict from the moderation cache has no server id yet: saving the marking uploads the photo first.
    hasCheckedPhoto: ({ context }) => context.moderationPassed === true && context.inputImageDataUrl !== null,
    mayMarkingBeSkipped: ({ context }) => context.photoMarking !== 'marked',
    hasUncheckedPhoto: ({ context }) =>
      context.inputImageDataUrl !== null && context.moderationPassed === null,
    hasCachedVerdict: ({ context }) =>
      context.inputImageKey !== null &&
      freshVerdict(context.moderationCache, context.inputImageKey, Date.now()) !== undefined,
    hasChosenGroup: ({ context }, params: { step: StepId }) => {
      const row = stepRow(params.step);
      return row.kind === 'grouped-swatch' && row.group(context) !== null;
    },
    needsEmptyRoom: ({ context }) => context.emptyRoomId === null,
    hasGeneratedKitchen: ({ context }) => context.lastGeneratedImageDataUrl !== null,
  },
  actions: {
    enterStep: assign((_, params: { step: StepId }) => ({ currentStep: params.step })),
    navigateTo: assign(({ context }, params: { route: RouteId }) => {
      const step = stepOfRoute(params.route);
      const backward = step !== null && isStepBefore(step, context.currentStep);
      return {
        navigation: 'push' as const,
        direction: backward ? ('backward' as const) : ('forward' as const),
      };
    }),
    navigateForward: assign({ navigation: 'push', direction: 'forward' }),
    navigateBackward: assign({ navigation: 'push', direction: 'backward' }),
    markRedirect: assign({ navigation: 'replace' }),
    storeCatalogueList: assign(({ context }, result: CatalogueResult) => ({
      catalogue: { ...context.catalogue, [result.kind]: result.items } as LoadedCatalogue,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    acceptFile: assign((_, params: { file: KitchenContext['file'] }) => ({
      file: params.file,
      inputImageDataUrl: null,
      inputImageKey: null,
      inputImageId: null,
      moderationPassed: null,
      kitchenCheck: null,
      photoMarking: null,
      emptyRoomId: null,
      error: null,
    })),
    storePreparedPhoto: assign((_, params: { dataUrl: string; imageKey: string }) => ({
      inputImageDataUrl: params.dataUrl,
      inputImageKey: params.imageKey,
    })),
    forgetExpiredVerdict: assign(({ context }) => ({
      moderationCache:
        context.inputImageKey === null
          ? context.moderationCache
          : forgetIfExpired(context.moderationCache, context.inputImageKey, Date.now()),
    })),
    applyCachedVerdict: assign(({ context }) => ({
      moderationPassed:
        context.inputImageKey === null
          ? null
          : (freshVerdict(context.moderationCache, context.inputImageKey, Date.now())?.isSafe ?? null),
    })),
    storeModerationVerdict: assign(({ context }, params: ImageVerdict) => ({
      moderationPassed: params.isSafe,
      inputImageId: params.imageId,
      kitchenCheck: params.kitchenCheck ?? null,
      moderationCache:
        context.inputImageKey === null
          ? context.moderationCache
          : storeVerdict(context.moderationCache, context.inputImageKey, params.isSafe, Date.now()),
    })),
    removePhoto: assign({
      file: null,
      inputImageDataUrl: null,
      inputImageKey: null,
      inputImageId: null,
      moderationPassed: null,
      kitchenCheck: null,
      photoMarking: null,
      emptyRoomId: null,
      error: null,
    }),
    markPhoto: assign(({ context }, params: { marking: PhotoMarking; imageId?: string }) => ({
      photoMarking: params.marking,
      inputImageId: params.imageId ?? context.inputImageId,
      markingError: null,
    })),
    storeMarkingError: assign((_, params: { error: unknown }) => ({ markingError: messageOf(params.error) })),
    clearMarkingError: assign({ markingError: null }),
    purgeExpiredVerdicts: assign(({ context }) => ({
      moderationCache: purgeExpired(context.moderationCache, Date.now()),
    })),
    selectDesign: assign(({ context }, params: { group: string; image: string | null }) =>
      withSpecFields(context, {
        selectedDesign: params.group,
        selectedDesignImage: params.image,
        frontals: chooseDoorStyleGroup(context.frontals, params.group),
      }),
    ),
    selectFinish: assign(({ context }, params: { finish: string }) =>
      withSpecFields(context, { frontals: chooseFinish(context.frontals, params.finish) }),
    ),
    selectFrontalColourGroup: assign(({ context }, params: { group: string }) =>
      withSpecFields(context, { frontals: chooseFrontalColourGroup(context.frontals, params.group) }),
    ),
    selectFrontal: assign(
      ({ context }, params: { frontal: NonNullable<KitchenContext['frontals']['selectedFrontalPreview']> }) =>
        withSpecFields(context, { frontals: chooseFrontal(context.frontals, params.frontal) }),
    ),
    selectMaterial: assign(({ context }, params: { material: string }) => ({
      worktops: chooseMaterial(context.worktops, params.material),
    })),
    selectWorktopColourGroup: assign(({ context }, params: { group: string }) => ({
      worktops: chooseWorktopColourGroup(context.worktops, params.group),
    })),
    selectWorktopColour: assign(
      (
        { context },
        params: { colour: NonNullable<KitchenContext['worktops']['selectedColourPreview']> },
      ) => ({
        worktops: chooseWorktopColour(context.worktops, params.colour),
      }),
    ),
    selectWorktop: assign(
      (
        { context },
        params: { worktop: NonNullable<KitchenContext['worktops']['selectedWorktopPreview']> },
      ) => ({
        worktops: chooseWorktop(context.worktops, params.worktop),
      }),
    ),
    chooseStepOption: assign(({ context }, params: { step: StepId; value: string }) =>
      keepOption(params.step, context, params.value),
    ),
    keepDecidedChoice: assign(({ context }, params: { step: StepId; items: CatalogueResult['items'] }) => {
      const value = decidedValue(params.step, params.items);
      return value === null ? {} : keepOption(params.step, context, value);
    }),
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
    storeAuthorization: assign((_, params: AuthorizeUserOutput) => ({
      remainingGenerations: params.remainingGenerations,
      imageRetentionDays: params.imageRetentionDays,
      sessionDays: params.sessionDays ?? null,
      isAccount: params.isAccount ?? false,
    })),
    startGeneration: assign({ error: null, generationStage: 'queued' }),
    storeGenerationStage: assign((_, params: { stage: GenerationStage }) => ({
      generationStage: params.stage,
    })),
    storeEmptyRoom: assign(({ context }, params: EmptyRoomOutput) => ({
      emptyRoomId: params.emptyRoomId,
      remainingGenerations: params.remainingGenerations ?? context.remainingGenerations,
    })),
    storeGeneratedKitchen: assign((_, params: GeneratedKitchen) => ({
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
    chooseComparison: assign((_, params: { jobIds: string[] }) => ({
      comparison: { jobIds: params.jobIds, kitchens: [] },
    })),
    storeComparison: assign(({ context }, params: { kitchens: ComparedKitchen[] }) => ({
      comparison: { jobIds: context.comparison?.jobIds ?? [], kitchens: params.kitchens },
    })),
    forgetComparison: assign({ comparison: null }),
    startChangingOneThing: assign({ changingOneThing: true }),
    stopChangingOneThing: assign({ changingOneThing: false }),
    openKitchen: assign(({ event }) => ({
      openedKitchenId: event.type === 'KITCHEN.OPEN' ? event.jobId : null,
    })),
    showLatestKitchen: assign({ openedKitchenId: null }),
    changeOneThing: raise(({ event }) => ({
      type: 'NAVIGATE' as const,
      route: event.type === 'CHANGE_ONE_THING' ? (`create-kitchen/${event.step}` as const) : 'your-kitchen',
    })),
    denyAccess: raise({ type: 'ACCESS_DENIED' }),
    // The first reason given wins: the denial the session region records is not overwritten by its own raise.
    storeAccessDenial: assign(({ context }, params: { reason: AccessDenialReason | null | undefined }) => ({
      accessDenial: context.accessDenial ?? params.reason ?? 'mismatch',
    })),
    storeAccount: assign((_, params: AccountOutput) => ({
      userId: params.userId,
      remainingGenerations: params.remainingGenerations,
      isAccount: true,
      accountError: null,
    })),
    storeAccountError: assign((_, params: { error: unknown }) => ({
      accountError: accountErrorOf(params.error),
    })),
    clearAccountError: assign({ accountError: null }),
    showAccountKitchens: raise({ type: 'NAVIGATE', route: 'your-kitchen' }),
    raiseAccessDenial: raise((_, params: { error: unknown }) => ({
      type: 'ACCESS_DENIED' as const,
      reason: accessDenialOf(params.error) ?? undefined,
    })),
  },
}).createMachine({
  id: 'kitchen',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  states: {
    session: {
      description: 'Confirms with the server that the user id of the boot data belongs to this browser.',
      initial: 'authorizing',
      states: {
        authorizing: {
          always: { guard: 'hasNoUserId', target: 'denied' },
          invoke: {
            id: 'authorizeUser',
            src: 'authorizeUser',
            input: ({ context }) => ({ userId: context.userId ?? 0 }),
            onDone: {
              target: 'authorized',
              actions: { type: 'storeAuthorization', params: ({ event }) => event.output },
            },
            onError: {
              target: 'denied',
              actions: {
                type: 'storeAccessDenial',
                params: ({ event }) => ({ reason: accessDenialOf(event.error) }),
              },
            },
          },
        },
        authorized: {},
        denied: { entry: 'denyAccess' },
      },
    },
    moderationCacheJanitor: {
      description: 'Purges expired moderation verdicts every hour.',
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            moderationPurgeInterval: { target: 'waiting', reenter: true, actions: 'purgeExpiredVerdicts' },
          },
        },
      },
    },
    generationGate: {
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
    },
    routes: {
      initial: 'home',
      on: {
        NAVIGATE: [
          { guard: 'isSessionDenied', target: '.access-denied', actions: 'markRedirect' },
          ...ROUTE_IDS.map((route) => ({
            guard: { type: 'isRoute' as const, params: { route } },
            target: `.${route.replace('/', '.')}`,
            actions: { type: 'navigateTo' as const, params: { route } },
          })),
        ],
        ACCESS_DENIED: {
          target: '.access-denied',
          actions: [
            'markRedirect',
            { type: 'storeAccessDenial', params: ({ event }) => ({ reason: event.reason }) },
          ],
        },
        RESET: {
          description: 'Start over: every choice back to its initial state, at upload-image.',
          target: '.create-kitchen.upload-image',
          actions: ['resetWizard', 'navigateForward'],
        },
      },
      states: {
        home: { meta: { route: 'home' } },
        onboarding: {
          initial: 'how-it-works',
          states: {
            'how-it-works': {
              meta: { route: 'onboarding/how-it-works' },
              on: { NEXT: { target: 'personalization', actions: 'navigateForward' } },
            },
            personalization: {
              meta: { route: 'onboarding/personalization' },
              on: {
                NEXT: { target: 'showcase', actions: 'navigateForward' },
                BACK: { target: 'how-it-works', actions: 'navigateBackward' },
              },
            },
            showcase: {
              meta: { route: 'onboarding/showcase' },
              on: {
                NEXT: { target: '#kitchen.routes.create-kitchen', actions: 'navigateForward' },
                BACK: { target: 'personalization', actions: 'navigateBackward' },
              },
            },
          },
        },
        'create-kitchen': {
          id: 'wizard',
          initial: 'upload-image',
          // One rule covers deep links, history moves and restored state: a step whose earlier choices are
          // missing sends the user back to the first step that lacks one, replacing the history entry.
          always: STEP_IDS.slice(0, -1).map((step) => ({
            guard: { type: 'isBlockedAt' as const, params: { step } },
            target: `.${step}`,
            actions: 'markRedirect' as const,
            description: `A later step without the ${step} choice goes back to ${step}.`,
          })),
          states: wizardStepStates(),
        },
        'your-kitchen': {
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
        },
        'access-denied': { meta: { route: 'access-denied' } },
        'not-found': { meta: { route: 'not-found' } },
        privacy: { meta: { route: 'privacy' } },
      },
    },
    myData: {
      description:
        'Delete my data (issue 15): asked, confirmed, then erased on the server and in this browser, which ' +
        'becomes a new visitor with an empty wizard.',
      initial: 'idle',
      states: {
        idle: { on: { 'MY_DATA.DELETE': 'confirming' } },
        confirming: { on: { 'MY_DATA.CANCEL': 'idle', 'MY_DATA.CONFIRM': 'deleting' } },
        deleting: {
          invoke: {
            id: 'deleteMyData',
            src: 'deleteMyData',
            onDone: {
              target: 'deleted',
              // The erased account is no more: the header offers saving and signing in again at once (issue 24).
              actions: [
                'resetWizard',
                assign({
                  generationHistory: [],
                  remainingGenerations: null,
                  generationRefusal: null,
                  isAccount: false,
                }),
              ],
            },
            onError: 'failed',
          },
        },
        deleted: { on: { 'MY_DATA.DISMISS': 'idle' } },
        failed: { on: { 'MY_DATA.DELETE': 'confirming', 'MY_DATA.DISMISS': 'idle' } },
      },
    },
    account: {
      description:
        'Passkey accounts: a guest saves their kitchens (registers a passkey) or signs in with one made elsewhere; an account signs out.',
      initial: 'guest',
      states: {
        guest: {
          always: { guard: 'isAccount', target: 'member' },
          on: { 'ACCOUNT.SAVE': 'registering', 'ACCOUNT.SIGN_IN': 'signingIn' },
        },
        registering: {
          entry: 'clearAccountError',
          invoke: {
            id: 'registerPasskey',
            src: 'registerPasskey',
            onDone: { target: 'member', actions: accountStored },
            onError: ceremonyFailed('failed'),
          },
        },
        signingIn: {
          entry: 'clearAccountError',
          invoke: {
            id: 'signInWithPasskey',
            src: 'signInWithPasskey',
            // The account's kitchens are the reason to sign in: show them.
            onDone: { target: 'member', actions: [accountStored, 'showAccountKitchens'] },
            onError: ceremonyFailed('failed'),
          },
        },
        member: {
          // Its data deleted (myData), the account is gone and this browser a new visitor.
          always: { guard: not('isAccount'), target: 'guest' },
          on: { 'ACCOUNT.SIGN_OUT': 'signingOut' },
        },
        signingOut: {
          entry: 'clearAccountError',
          invoke: { id: 'signOut', src: 'signOut', onDone: 'signedOut', onError: ceremonyFailed('member') },
        },
        signedOut: {
          description:
            'The app forgets what this browser kept and starts again at home as a new guest (a page load).',
          type: 'final',
        },
        failed: {
          on: {
            'ACCOUNT.SAVE': 'registering',
            'ACCOUNT.SIGN_IN': 'signingIn',
            'ACCOUNT.DISMISS': { target: 'guest', actions: 'clearAccountError' },
          },
        },
      },
    },
  },
});

export type KitchenMachine = typeof kitchenMachine;
