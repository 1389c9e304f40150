// The kitchen statechart as the UI can drive it. The states of the model-based suite, but from each snapshot
// only what a user can do on that screen (each with a UI executor), and for every call under
// way only the ending the real server gives (its catalogue answer, the verdict of the deterministic moderation
// rule) or a failure the test causes on purpose (an "environment" ending, armed before the step runs).
import type { AnyEventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { declaredActors } from '../../../machines/kitchen/actors';
import type { CatalogueItems, CatalogueKind, LoadedCatalogue } from '../../../machines/kitchen/catalogue';
import { catalogueRequest } from '../../../machines/kitchen/catalogue-requests';
import type { KitchenInput } from '../../../machines/kitchen/context';
import type { KitchenEvent } from '../../../machines/kitchen/events';
import { resolveHandleChoice } from '../../../machines/kitchen/handle-choice';
import { kitchenMachine } from '../../../machines/kitchen/machine';
import { MODERATION_PURGE_INTERVAL_MS } from '../../../machines/kitchen/moderation-cache';
import { type MyDataState, myDataOf } from '../../../machines/kitchen/my-data';
import { isStepComplete } from '../../../machines/kitchen/requirements';
import { ROUTE_IDS } from '../../../machines/kitchen/routes';
import { byStep, LAST_STEP, offeredValues, STEP_IDS } from '../../../machines/kitchen/steps';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import { DEFAULT_IMAGE_RETENTION_DAYS } from '../../../server/config';
import { DEFAULT_SESSION_LIFETIME } from '../../../server/users/session-store';
import { abstractKey, DONE, ERROR } from '../../machines/model/kitchen-model';
import {
  type Coverage,
  declaredDelayedEvents,
  recordingActor,
} from '../../machines/model/transition-coverage';
import {
  comparableKitchens,
  earlierKitchenOfRequest,
  GENERATION_LIMIT,
  generatedKitchen,
  generationsMade,
  historyAnswer,
  kitchensShape,
  oldestListedKitchen,
  uploadedImageId,
} from './made-kitchens';
import type { ServerOracle } from './server-oracle';

export type UiEvent = KitchenEvent | AnyEventObject;

/** The photos a user can choose; their endings follow from what they are (see `photoEnding`). */
export const PHOTO_SAMPLES = {
  kitchen: { name: 'kitchen.jpg', type: 'image/jpeg', size: 1 },
  magenta: { name: 'magenta.jpg', type: 'image/jpeg', size: 1 },
  unreadable: { name: 'unreadable.jpg', type: 'image/jpeg', size: 1 },
} as const;

/** Failures the test causes in the browser (by intercepting one call), named by the invoke they end. */
export const ARMED_FAILURE_MESSAGE = 'The test made this call fail.';

/** Calls whose failure the test can cause by intercepting their request. */
const INTERCEPTABLE = new Set([
  'authorizeUser',
  'validateImageContent',
  'saveSurfaceMasks',
  'generateEmptyRoom',
  'generateKitchen',
  'loadGenerationHistory',
  'deleteMyData',
  'loadComparison',
  'registerPasskey',
  'signOut',
  'loadDoorStyleGroups',
  'loadHandleStyles',
  'loadFinishes',
  'loadFrontalColourGroups',
  'loadFrontalPreviews',
  'loadWorktopMaterials',
  'loadWorktopColourGroups',
  'loadWorktopColours',
  'loadWorktopPreviews',
]);

const pending = () => new Promise<never>(() => {});
/** The machine with calls that never settle: their endings are sent as events, as the UI saw them. */
export const mirrorMachine = kitchenMachine.provide({
  actors: Object.fromEntries(Object.keys(declaredActors).map((name) => [name, fromPromise(pending)])),
});

const delayedBySource = declaredDelayedEvents(kitchenMachine);
const JANITOR_NODE = 'kitchen.moderationCacheJanitor.waiting';
const GATE_NODE = 'kitchen.generationGate.refused';
/** The hourly purge, and the wait a refusal asks for: too long to wait out, so the test moves the app's clock. */
const CLOCK_NODES = [JANITOR_NODE, GATE_NODE];
const JANITOR_EVENT = `xstate.after.moderationPurgeInterval.${JANITOR_NODE}`;
const GATE_EVENT = `xstate.after.refusalWait.${GATE_NODE}`;
/** The refusal the test answers a generation with (a spent network allowance), and the wait it names. */
export const ARMED_REFUSAL = {
  code: 'NETWORK_LIMIT_REACHED',
  message: 'The test refused this generation: try again in an hour.',
  retryAfterSeconds: 3600,
} as const;

/** The delayed events a test step brings about by moving the page's clock on, and by how much. */
export const CLOCK_STEPS: Readonly<Record<string, number>> = {
  [JANITOR_EVENT]: MODERATION_PURGE_INTERVAL_MS,
  [GATE_EVENT]: ARMED_REFUSAL.retryAfterSeconds * 1000,
};
export const isClockStep = (event: UiEvent) => event.type in CLOCK_STEPS;
/**
 * Whether a step moves the page's clock on, which must then be installed before the app opens: a clock step, or
 * Try again, whose retry delay the test passes at once (CI time, issue 35, D144).
 */
export const movesTheClock = (event: UiEvent) => isClockStep(event) || event.type === 'RETRY';

/** An ending that refuses the call for one of the service's limits (see `ARMED_REFUSAL`). */
export const isRefusalEnding = (event: UiEvent): boolean =>
  typeof (event as { error?: { refusal?: unknown } }).error?.refusal === 'object';

export const isCallEnding = (event: UiEvent) => event.type.startsWith(DONE) || event.type.startsWith(ERROR);
export const actorIdOf = (event: UiEvent) => event.type.replace(DONE, '').replace(ERROR, '');
/** Endings and delays happen by themselves in the browser; the stage events come from the server's job. */
export const isAutomatic = (event: UiEvent) =>
  isCallEnding(event) ||
  event.type === 'GENERATION.STAGE' ||
  (event.type.startsWith('xstate.after.') && !isClockStep(event));

/** Whether a kitchen was generated in this page (the quota went down). */
const hasGenerated = ({ context }: KitchenSnapshot) => generationsMade(context) > 0;

/** Offline, Generate would answer an earlier kitchen again (the same photo, masks and choices). */
const isRequestMadeBefore = ({ context }: KitchenSnapshot) => earlierKitchenOfRequest(context) >= 0;

/** Side by side is offered on the result page once it lists two kitchens made from the photo of the one on show. */
const comparable = (snapshot: KitchenSnapshot): string[] =>
  snapshot.matches({ routes: { 'your-kitchen': { result: 'single' } } })
    ? comparableKitchens(snapshot.context)
    : [];

/** The catalogue lookup each loading call makes. */
export const CATALOGUE_KIND_OF_CALL: Record<string, CatalogueKind> = {
  loadDoorStyleGroups: 'doorStyleGroups',
  loadHandleStyles: 'handleStyles',
  loadFinishes: 'finishes',
  loadFrontalColourGroups: 'frontalColourGroups',
  loadFrontalPreviews: 'frontalPreviews',
  loadWorktopMaterials: 'worktopMaterials',
  loadWorktopColourGroups: 'worktopColourGroups',
  loadWorktopColours: 'worktopColours',
  loadWorktopPreviews: 'worktopPreviews',
};

function photoEnding(snapshot: KitchenSnapshot): UiEvent {
  const name = snapshot.context.file?.name ?? '';
  if (name === PHOTO_SAMPLES.unreadable.name) {
    return { type: `${ERROR}preparePhoto`, error: new Error('unreadable photo') };
  }
  return { type: `${DONE}preparePhoto`, output: { dataUrl: `data:${name}`, imageKey: name } };
}

/** How each call under way ends in the browser: the server's answer, and the failure the test may cause. */
/**
 * The calls still under way. The mirror's calls never settle, so a call whose ending changes no state (the
 * history) stays among the children after its ending: it counts as ended once it lists every kitchen made.
 */
const pendingCalls = (snapshot: KitchenSnapshot): string[] =>
  Object.keys(snapshot.children).filter(
    (id) =>
      // The live preview (issue 33) is painted in the page, not asked of the server, and decides no state.
      id !== 'preview' &&
      !(
        id === 'loadGenerationHistory' &&
        snapshot.context.generationHistory.length > 0 &&
        snapshot.context.generationHistory.length === generationsMade(snapshot.context)
      ),
  );

function callEndings(snapshot: KitchenSnapshot, oracle: ServerOracle): UiEvent[] {
  const { context } = snapshot;
  return pendingCalls(snapshot).flatMap((id): UiEvent[] => {
    // A list the page has loaded before answers from its query cache: its call cannot be made to fail. Start
    // over forgets the lists but not the cache; a generation made (every list loaded) tells that it happened.
    const kind = CATALOGUE_KIND_OF_CALL[id];
    const cached = kind !== undefined && (context.catalogue[kind] !== null || hasGenerated(snapshot));
    const failure =
      INTERCEPTABLE.has(id) && !cached
        ? [{ type: `${ERROR}${id}`, error: { message: ARMED_FAILURE_MESSAGE, remainingGenerations: null } }]
        : [];
    const done = (output: unknown) => [{ type: `${DONE}${id}`, output }, ...failure];
    // A generation the service refuses for one of its limits: back to the page, the gate closed.
    const refusal = {
      type: `${ERROR}${id}`,
      error: {
        message: ARMED_REFUSAL.message,
        remainingGenerations: context.remainingGenerations,
        refusal: { retryAfterMs: ARMED_REFUSAL.retryAfterSeconds * 1000 },
      },
    };
    switch (id) {
      case 'authorizeUser':
        return done({
          remainingGenerations: GENERATION_LIMIT,
          imageRetentionDays: DEFAULT_IMAGE_RETENTION_DAYS,
          sessionDays: { idle: DEFAULT_SESSION_LIFETIME.idleDays, max: DEFAULT_SESSION_LIFETIME.maxDays },
        });
      case 'preparePhoto':
        return [photoEnding(snapshot)];
      case 'validateImageContent': {
        const isSafe = context.file?.name !== PHOTO_SAMPLES.magenta.name;
        return done({ isSafe, imageId: isSafe ? uploadedImageId(context, 'checked') : null });
      }
      case 'saveSurfaceMasks':
        // The executor marks with the Fronts brush only. A photo checked from the cache has no image id yet:
        // saving uploads it first, and the answer names the photo the masks are stored with.
        return done({
          imageId: context.inputImageId ?? uploadedImageId(context, 'marked'),
          surfaces: ['fronts'],
        });
      case 'deleteMyData':
        // The real server erases this browser's user: the page goes on as a new visitor.
        return done(undefined);
      case 'generateEmptyRoom':
        return [...done({ emptyRoomId: 'empty-room' }), refusal];
      case 'registerPasskey':
        // The profile's virtual authenticator makes the passkey; the quota is the guest's own.
        return done({ userId: 1, remainingGenerations: context.remainingGenerations ?? GENERATION_LIMIT });
      case 'signOut':
        return done(undefined);
      case 'loadGenerationHistory':
        // The server lists every kitchen this page generated, newest first (side by side offers them).
        return done(historyAnswer(context));
      case 'loadComparison':
        return done(
          (context.comparison?.jobIds ?? []).map((id) => ({
            id,
            imageUrl: `/api/v1/images/${id}`,
            choices: [],
          })),
        );
      case 'generateKitchen': {
        // Offline: a request made before answers its kitchen again, charging nothing.
        const { imageUrl, charged } = generatedKitchen(context);
        if (!charged) {
          return done({
            imageUrl,
            remainingGenerations: context.remainingGenerations,
            provider: 'local',
            layoutSketchUrl: context.lastLayoutSketchUrl,
          });
        }
        return [
          ...done({
            imageUrl,
            remainingGenerations: (context.remainingGenerations ?? GENERATION_LIMIT) - 1,
            provider: 'local',
            layoutSketchUrl: null,
          }),
          refusal,
        ];
      }
      default: {
        if (!kind) return [];
        const answer = oracle.answer(catalogueRequest(kind, context));
        return answer ? done(answer) : [];
      }
    }
  });
}

/** The catalogue lists loaded so far, a list not loaded yet read as empty. */
export const listsOf = (catalogue: LoadedCatalogue) =>
  Object.fromEntries(Object.entries(catalogue).map(([kind, items]) => [kind, items ?? []])) as {
    [K in CatalogueKind]: CatalogueItems[K];
  };

const first = <T>(items: readonly T[]): T[] => items.slice(0, 1);

function withHandleChoice(snapshot: KitchenSnapshot, oracle: ServerOracle): string[] {
  const { context } = snapshot;
  const choice = listsOf(context.catalogue).doorStyleGroups.find((doorStyleGroup) => {
    const request = catalogueRequest('handleStyles', {
      ...context,
      frontals: { ...context.frontals, doorStyleGroup },
    });
    const answer = oracle.answer(request);
    return answer?.kind === 'handleStyles' && resolveHandleChoice(answer.items) === null;
  });
  return choice === undefined ? [] : [choice];
}

/**
 * The photo step at rest: another photo, its removal, and marking once the photo is checked (as the chart's
 * `hasCheckedPhoto` and the page's invite have it: a passed verdict, from the server or the browser's cache, and
 * the photo itself; no server image id is needed, saving uploads the photo first).
 */
function photoEvents({ context }: KitchenSnapshot): UiEvent[] {
  return [
    ...Object.values(PHOTO_SAMPLES).map((file) => ({ type: 'PHOTO.SELECTED', file }) as const),
    ...(context.inputImageDataUrl !== null ? [{ type: 'PHOTO.REMOVED' } as const] : []),
    ...(context.moderationPassed === true && context.inputImageDataUrl !== null
      ? [{ type: 'MARKING.START' } as const]
      : []),
  ];
}

/**
 * The marking tool replaces the photo step's controls: save what is marked, and Skip marking until a marking is
 * saved, Cancel in its place after (the tool shows one or the other).
 */
function markingEvents({ context }: KitchenSnapshot): UiEvent[] {
  return [
    { type: 'MARKING.SAVE', masks: {} },
    context.photoMarking !== 'marked' ? { type: 'MARKING.SKIP' } : { type: 'MARKING.CANCEL' },
  ];
}

/** The privacy page's delete controls, as each state of the `myData` region shows them. */
const MY_DATA_EVENTS: Record<MyDataState, UiEvent[]> = {
  idle: [{ type: 'MY_DATA.DELETE' }],
  confirming: [{ type: 'MY_DATA.CANCEL' }, { type: 'MY_DATA.CONFIRM' }],
  deleting: [],
  deleted: [{ type: 'MY_DATA.DISMISS' }],
  failed: [{ type: 'MY_DATA.DELETE' }, { type: 'MY_DATA.DISMISS' }],
};
/**
 * The account, walked from home: Save my kitchens (a passkey from the profile's virtual authenticator) or its
 * failure, then Dismiss or Sign out, after which the app reloads as a new guest and the walk ends. While signed
 * in or failed, the account's buttons are the only moves: a corridor, not a second copy of the whole chart.
 * Sign-in (it needs an account made beforehand) is walked by tests/browser/accounts.test.ts.
 */
function accountCorridor(snapshot: KitchenSnapshot): UiEvent[] | null {
  if (snapshot.matches({ account: 'signedOut' })) return [];
  if (snapshot.matches({ account: 'member' })) return [{ type: 'ACCOUNT.SIGN_OUT' }];
  if (snapshot.matches({ account: 'failed' })) return [{ type: 'ACCOUNT.DISMISS' }, { type: 'ACCOUNT.SAVE' }];
  return null;
}

/** What the user can do on the screen of this snapshot, when nothing is under way. */
function userEvents(snapshot: KitchenSnapshot, oracle: ServerOracle): UiEvent[] {
  // While a refusal lasts, the user's next move is one of the others' (the screen's own, covered with the gate
  // open); only its passing matters here. Offering everything would explore the whole chart twice over.
  if (snapshot.matches({ generationGate: 'refused' })) return [{ type: GATE_EVENT }];
  const account = accountCorridor(snapshot);
  if (account) return account;
  const view = viewOf(snapshot);
  // Likewise an open confirmation or its outcome is answered before the user goes anywhere else, so the region
  // is idle on every other screen and the UI model's states need not be doubled by it.
  const myData = view.route === 'privacy' ? MY_DATA_EVENTS[myDataOf(snapshot)] : [];
  if (view.route === 'privacy' && myDataOf(snapshot) !== 'idle') return myData;
  const { context } = snapshot;
  const catalogue = listsOf(context.catalogue);
  const events: UiEvent[] = ROUTE_IDS.map((route) => ({ type: 'NAVIGATE', route }));
  const settled = view.error === null && !view.isLoading;
  events.push(...myData);
  const onboarding = view.route.startsWith('onboarding/');
  if (onboarding) events.push({ type: 'NEXT' });
  if (view.route === 'onboarding/personalization' || view.route === 'onboarding/showcase') {
    events.push({ type: 'BACK' });
  }
  if (view.error !== null && !view.isRetrying) events.push({ type: 'RETRY' });
  // Generate again, Start over and the choices' Change belong to the latest kitchen, not to one reopened.
  if (
    snapshot.matches({ routes: { 'your-kitchen': { result: 'single' } } }) &&
    context.openedKitchenId === null
  ) {
    events.push(
      { type: 'GENERATE' },
      { type: 'RESET' },
      { type: 'CHANGE_ONE_THING', step: 'material-preview' },
    );
  }
  // The review (issue 25): generate, change another thing, or back to the kitchen.
  if (view.isReviewing) {
    events.push(
      { type: 'GENERATE' },
      { type: 'REVIEW.CLOSE' },
      { type: 'CHANGE_ONE_THING', step: 'kitchen-shape' },
    );
  }
  // The oldest kitchen of the history opened on the result page (never the one on show, the newest), and the
  // latest again.
  const onResult = snapshot.matches({ routes: { 'your-kitchen': { result: 'single' } } });
  const onEmpty = snapshot.matches({ routes: { 'your-kitchen': 'empty' } });
  const oldest = oldestListedKitchen(context);
  if ((onResult || onEmpty) && context.openedKitchenId === null && oldest) {
    events.push({ type: 'KITCHEN.OPEN', jobId: oldest.id });
  }
  if (onResult && context.openedKitchenId !== null && context.lastGeneratedImageDataUrl !== null) {
    events.push({ type: 'KITCHEN.OPEN', jobId: null });
  }
  const comparableHere = comparable(snapshot);
  if (comparableHere.length >= 2) events.push({ type: 'COMPARE.OPEN', jobIds: comparableHere.slice(0, 2) });
  if (snapshot.matches({ routes: { 'your-kitchen': { result: { comparing: 'showing' } } } })) {
    events.push({ type: 'COMPARE.CLOSE' });
  }
  if (snapshot.matches({ routes: { 'your-kitchen': { result: { comparing: 'failed' } } } })) {
    events.push({ type: 'COMPARE.CLOSE' });
  }
  if (view.route === 'home') events.push({ type: JANITOR_EVENT }, { type: 'ACCOUNT.SAVE' });
  const step = view.step?.id;
  if (step === undefined || !settled) return events;
  if (view.canGoNext) events.push({ type: 'NEXT' });
  if (view.canGoBack) events.push({ type: 'BACK' });
  const on = (state: 'ready') => snapshot.matches({ routes: { 'create-kitchen': { [step]: state } } });
  // The choices each step offers, keyed by the step type: a step of its own missing here does not compile.
  const choicesOn = byStep<() => UiEvent[]>(
    {
      'upload-image': () => (view.isMarking ? markingEvents(snapshot) : photoEvents(snapshot)),
      // The first door style, and the first that offers a real handle choice (the handles step is shown).
      design: () =>
        [...new Set([...first(catalogue.doorStyleGroups), ...withHandleChoice(snapshot, oracle)])].map(
          (group) => ({ type: 'DESIGN.SELECTED', group, image: null }),
        ),
      finishing: () => first(catalogue.finishes).map((finish) => ({ type: 'FINISH.SELECTED', finish })),
      'frontal-color': () => [
        ...first(catalogue.frontalColourGroups).map(
          (group) => ({ type: 'FRONTAL_COLOUR_GROUP.SELECTED', group }) as const,
        ),
        ...(on('ready')
          ? first(catalogue.frontalPreviews).map(
              (frontal) => ({ type: 'FRONTAL.SELECTED', frontal }) as const,
            )
          : []),
      ],
      material: () =>
        first(catalogue.worktopMaterials).map((material) => ({ type: 'MATERIAL.SELECTED', material })),
      'material-color': () => [
        ...first(catalogue.worktopColourGroups).map(
          (group) => ({ type: 'WORKTOP_COLOUR_GROUP.SELECTED', group }) as const,
        ),
        ...(on('ready')
          ? first(catalogue.worktopColours).map(
              (colour) => ({ type: 'WORKTOP_COLOUR.SELECTED', colour }) as const,
            )
          : []),
      ],
      'material-preview': () =>
        first(catalogue.worktopPreviews).map((worktop) => ({ type: 'WORKTOP.SELECTED', worktop })),
    },
    // A shared-choice step (a fixed choice, a plain catalogue choice) offers its first value.
    (shared) => () =>
      first(offeredValues(shared, context)).map(
        (value) => ({ type: 'STEP.CHOSEN', step: shared, value }) as const,
      ),
  );
  events.push(...choicesOn[step]());
  if (step === LAST_STEP && context.remainingGenerations !== 0 && isStepComplete(LAST_STEP, context)) {
    events.push({ type: 'GENERATE' });
  }
  return events;
}

/** Every event the UI model sends from a snapshot. */
export function uiEventsFrom(snapshot: KitchenSnapshot, oracle: ServerOracle): UiEvent[] {
  const endings = callEndings(snapshot, oracle);
  const view = viewOf(snapshot);
  if (view.isGenerating) {
    // Offline, a request made before is answered at once with its kitchen: no stage, nothing to cancel.
    if ('generateKitchen' in snapshot.children && isRequestMadeBefore(snapshot)) return endings;
    const stage =
      snapshot.context.generationStage === 'queued' ? [{ type: 'GENERATION.STAGE', stage: 'rendering' }] : [];
    return [...stage, ...endings, { type: 'GENERATION.CANCEL' }];
  }
  if (pendingCalls(snapshot).length > 0) return endings;
  if (view.isRetrying) {
    return snapshot._nodes.flatMap((node) =>
      (CLOCK_NODES.includes(node.id) ? [] : (delayedBySource.get(node.id) ?? [])).map((type) => ({ type })),
    );
  }
  return userEvents(snapshot, oracle);
}

/** The states the UI model tells apart: the model's, plus what decides the server's answers from here on. */
export const uiKey = (snapshot: KitchenSnapshot): string => {
  const { context } = snapshot;
  return JSON.stringify([
    abstractKey(snapshot),
    context.file?.name ?? null,
    Object.keys(context.moderationCache).sort(),
    context.frontals.doorStyleGroup,
    context.generationStage,
    pendingCalls(snapshot).sort(),
    hasGenerated(snapshot),
    // What the result page will show when the address bar leads there: the latest kitchen, one reopened from the
    // history, or none. The model's key tells them apart on that page only, so a path planned from another
    // page could follow a state with a different kitchen on show (and press a Change the page does not have).
    context.lastGeneratedImageDataUrl !== null,
    context.openedKitchenId !== null,
    // Likewise the photo's marking: the photo step offers Skip marking only until a marking is saved.
    context.photoMarking,
    // Whether Generate would answer the kitchen on show again (offline, nothing changed) or make a new one.
    hasGenerated(snapshot) && isRequestMadeBefore(snapshot),
    // The model's key drops the gate away from Generate; here it decides which events the UI offers.
    snapshot.matches({ generationGate: 'refused' }),
    // On the result page only (elsewhere it changes nothing the UI offers): how many kitchens it will list, up
    // to the two that side by side needs.
    snapshot.matches({ routes: { 'your-kitchen': 'result' } })
      ? [Math.min(generationsMade(context), 2), comparable(snapshot).length >= 2]
      : null,
    // What the kitchens made so far decide later: which kitchens side by side offers.
    kitchensShape(context),
    // Every step's completeness, not only the first incomplete one: a photo being prepared makes upload-image
    // the first, hiding choices that decide where a later NAVIGATE lands.
    STEP_IDS.filter((id) => !isStepComplete(id, context)),
    Object.keys(context.catalogue).filter((kind) => context.catalogue[kind as CatalogueKind] !== null),
  ]);
};

/**
 * Account transitions not walked here: signing in needs an account made beforehand, an account's reload (the
 * always to member) and a ceremony answered with an ended session need other tabs or the operator, and an
 * account's deletion is walked with its second device. The model
 * suite takes every one of them, and tests/browser/accounts.test.ts walks sign-in and access denied in Chromium.
 */
const NOT_WALKED_HERE = [
  'kitchen.account.signingIn',
  'kitchen.account.guest | always',
  'kitchen.account.guest | ACCOUNT.SIGN_IN',
  'kitchen.account.failed | ACCOUNT.SIGN_IN',
  'kitchen.account.registering | xstate.error.actor.registerPasskey #0',
  'kitchen.account.signingOut | xstate.error.actor.signOut #0',
  // Deleting an account's data (the always back to guest): accounts.test.ts walks it across two devices.
  'kitchen.account.member | always',
];
export const walkedHere = (idOrKey: string) => !NOT_WALKED_HERE.some((prefix) => idOrKey.startsWith(prefix));
export type { Coverage };

/** A running mirror of the machine that records the states it enters and the transitions it takes. */
export const recordingMirror = (input: KitchenInput) => recordingActor(mirrorMachine, input);

export function replayCoverage(events: UiEvent[], input: KitchenInput): Coverage {
  const { actor, coverage } = recordingMirror(input);
  for (const event of events) actor.send(event as KitchenEvent);
  actor.stop();
  return coverage;
}

/** A path of the UI model: the events from the start. */
export interface UiPath {
  steps: Array<{ event: UiEvent }>;
}

/** The UI steps of a path: an action of the user (or the test) and the endings that follow by themselves. */
export interface UiStep {
  event: UiEvent;
  /** Endings, delays and server stages that follow without the user; failures among them are armed first. */
  automatic: UiEvent[];
}

export const OPEN_APP = { type: 'OPEN_APP' } as const;

/**
 * UI steps for a scripted sequence of the user's actions, each followed by the successful endings of the calls
 * it starts (as the real server gives them): for journeys the chart's coverage does not need to take.
 */
export type ScriptedAction = UiEvent | ((snapshot: KitchenSnapshot) => UiEvent);

export function scriptedSteps(
  input: KitchenInput,
  oracle: ServerOracle,
  actions: ScriptedAction[],
): UiStep[] {
  const actor = createActor(mirrorMachine, { input });
  actor.start();
  const step = (action: ScriptedAction): UiStep => {
    const event = typeof action === 'function' ? action(actor.getSnapshot()) : action;
    if (event !== OPEN_APP) actor.send(event as KitchenEvent);
    const automatic: UiEvent[] = [];
    for (;;) {
      const ending = uiEventsFrom(actor.getSnapshot(), oracle).find(
        (next) => isAutomatic(next) && !next.type.startsWith(ERROR),
      );
      if (!ending) break;
      actor.send(ending as KitchenEvent);
      automatic.push(ending);
    }
    return { event, automatic };
  };
  const steps = [step(OPEN_APP), ...actions.map(step)];
  actor.stop();
  return steps;
}

export function uiStepsOf(path: UiPath): UiStep[] {
  const steps: UiStep[] = [{ event: OPEN_APP, automatic: [] }];
  for (const { event } of path.steps) {
    const current = steps.at(-1);
    if (isAutomatic(event) && current) current.automatic.push(event);
    else steps.push({ event, automatic: [] });
  }
  return steps;
}

export const describeEvent = (event: UiEvent): string => {
  if ('route' in event)
    return `${'via' in event ? `history ${String(event.via)} to` : 'NAVIGATE'} ${String(event.route)}`;
  if (event.type === 'PHOTO.SELECTED')
    return `PHOTO ${String((event as { file: { name: string } }).file.name)}`;
  if (event.type.startsWith(ERROR))
    return `${isRefusalEnding(event) ? 'refuse' : 'fail'} ${actorIdOf(event)}`;
  if (event.type.startsWith(DONE)) return `${actorIdOf(event)} done`;
  if (event.type === JANITOR_EVENT) return 'an hour passes';
  if (event.type === GATE_EVENT) return "the refusal's wait passes";
  if (event.type.startsWith('xstate.after.')) return 'retry delay';
  return event.type;
};

export const describeSteps = (steps: UiStep[]): string =>
  steps
    .map(({ event, automatic }) =>
      [event, ...automatic.filter((ending) => ending.type.startsWith(ERROR))].map(describeEvent).join(' + '),
    )
    .join(' → ');
