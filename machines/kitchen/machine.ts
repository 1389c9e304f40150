// The kitchen statechart, composed: its setup (kitchen-setup.ts) given every part's actions and guards, the
// parallel regions (session-region.ts, your-kitchen-route.ts's generation gate, account-region.ts,
// my-data-region.ts) and the routes, one state per screen, with the wizard's steps built from their rows
// (step-states.ts). It imports xstate only; the app projects its state onto the URL and provides the server calls.
import { assign } from 'xstate';
import { accountActions, accountGuards, accountRegion } from './account-region';
import { catalogueActions } from './catalogue-steps';
import { comparisonActions, comparisonGuards } from './comparison-states';
import { initialContext } from './context';
import { choiceActions, choiceGuards } from './fixed-choice-step';
import { kitchenActions, kitchenGuards, kitchenSetup } from './kitchen-setup';
import { myDataRegion } from './my-data-region';
import { photoActions, photoGuards } from './photo-step';
import { previewActions, previewGuards } from './preview';
import { firstIncompleteStepBefore } from './requirements';
import { ROUTE_IDS, type RouteId, stepOfRoute } from './routes';
import { moderationCacheJanitor, sessionActions, sessionGuards, sessionRegion } from './session-region';
import { frameActions, frameGuards } from './step-frame';
import { wizardStepStates } from './step-states';
import { isStepBefore, STEP_IDS, type StepId } from './steps';
import {
  generationGateRegion,
  yourKitchenActions,
  yourKitchenGuards,
  yourKitchenRoute,
} from './your-kitchen-route';

/** The routes' own: a move to a route, and the rule that sends a step back to the first missing choice. */
const routeActions = kitchenActions({
  navigateTo: assign(({ context }, params: { route: RouteId }) => {
    const step = stepOfRoute(params.route);
    const backward = step !== null && isStepBefore(step, context.currentStep);
    return { navigation: 'push', direction: backward ? 'backward' : 'forward' };
  }),
});

const routeGuards = kitchenGuards({
  isRoute: ({ event }, params: { route: RouteId }) =>
    event.type === 'NAVIGATE' && event.route === params.route,
  isBlockedAt: ({ context }, params: { step: StepId }) =>
    firstIncompleteStepBefore(context.currentStep, context) === params.step,
});

/** The chart's setup with every part's actions and guards. */
const chartSetup = kitchenSetup.extend({
  actions: {
    ...frameActions,
    ...photoActions,
    ...choiceActions,
    ...catalogueActions,
    ...comparisonActions,
    ...yourKitchenActions,
    ...sessionActions,
    ...accountActions,
    ...routeActions,
    ...previewActions,
  },
  guards: {
    ...frameGuards,
    ...photoGuards,
    ...choiceGuards,
    ...comparisonGuards,
    ...yourKitchenGuards,
    ...sessionGuards,
    ...accountGuards,
    ...routeGuards,
    ...previewGuards,
  },
});

/** The address bar's moves: one transition to each route. */
const routeMoves = ROUTE_IDS.map(
  (route) =>
    chartSetup.createStateConfig({
      on: {
        NAVIGATE: {
          guard: { type: 'isRoute', params: { route } },
          target: `.${route.replace('/', '.')}`,
          actions: { type: 'navigateTo', params: { route } },
        },
      },
    }).on.NAVIGATE,
);

/**
 * One rule covers deep links, history moves and restored state: a step whose earlier choices are missing sends
 * the user back to the first step that lacks one, replacing the history entry.
 */
const redirects = STEP_IDS.slice(0, -1).map(
  (step) =>
    chartSetup.createStateConfig({
      always: {
        guard: { type: 'isBlockedAt', params: { step } },
        target: `.${step}`,
        actions: 'markRedirect',
        description: `A later step without the ${step} choice goes back to ${step}.`,
      },
    }).always,
);

export const kitchenMachine = chartSetup.createMachine({
  id: 'kitchen',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  always: {
    description:
      'The live preview (issue 33): a new photo, marking or choice stops the stale preview and spawns one for it.',
    guard: 'isPreviewStale',
    actions: 'refreshPreview',
  },
  states: {
    session: sessionRegion,
    moderationCacheJanitor,
    generationGate: generationGateRegion,
    routes: {
      initial: 'home',
      on: {
        NAVIGATE: [
          { guard: 'isSessionDenied', target: '.access-denied', actions: 'markRedirect' },
          ...routeMoves,
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
          always: redirects,
          states: wizardStepStates(),
        },
        'your-kitchen': yourKitchenRoute,
        'access-denied': { meta: { route: 'access-denied' } },
        'not-found': { meta: { route: 'not-found' } },
        privacy: { meta: { route: 'privacy' } },
      },
    },
    myData: myDataRegion,
    account: accountRegion,
  },
});

export type KitchenMachine = typeof kitchenMachine;
