// The side-by-side view of 2 to 4 of the user's kitchens (issue 16): the result page's `single` and `comparing`
// children, with the actions and guards they name.
import { assign } from 'xstate';
import type { ComparedKitchen } from './actors';
import { kitchenActions, kitchenGuards, partSetup } from './kitchen-setup';
import { mayBeOfOnePhoto } from './same-photo';

const MIN_COMPARED = 2;
const MAX_COMPARED = 4;

export const comparisonActions = kitchenActions({
  chooseComparison: assign((_, params: { jobIds: string[] }) => ({
    comparison: { jobIds: params.jobIds, kitchens: [] },
  })),
  storeComparison: assign(({ context }, params: { kitchens: ComparedKitchen[] }) => ({
    comparison: { jobIds: context.comparison?.jobIds ?? [], kitchens: params.kitchens },
  })),
  forgetComparison: assign({ comparison: null }),
});

export const comparisonGuards = kitchenGuards({
  isComparableSelection: ({ context, event }) =>
    event.type === 'COMPARE.OPEN' &&
    event.jobIds.length >= MIN_COMPARED &&
    event.jobIds.length <= MAX_COMPARED &&
    new Set(event.jobIds).size === event.jobIds.length &&
    mayBeOfOnePhoto(context.generationHistory, event.jobIds),
});

const comparisonSetup = partSetup({ actions: comparisonActions, guards: comparisonGuards });

export const comparisonStates = comparisonSetup.createStateConfig({
  initial: 'single',
  states: {
    single: {
      on: {
        'COMPARE.OPEN': {
          guard: 'isComparableSelection',
          target: 'comparing',
          actions: { type: 'chooseComparison', params: ({ event }) => ({ jobIds: event.jobIds }) },
        },
      },
    },
    comparing: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadComparison',
            src: 'loadComparison',
            input: ({ context }) => ({ jobIds: context.comparison?.jobIds ?? [] }),
            onDone: {
              target: 'showing',
              actions: { type: 'storeComparison', params: ({ event }) => ({ kitchens: event.output }) },
            },
            // Comparing is an extra: a failure says so in place and leaves the result as it was.
            onError: { target: 'failed' },
          },
        },
        showing: {},
        failed: {},
      },
      on: { 'COMPARE.CLOSE': { target: 'single', actions: 'forgetComparison' } },
    },
  },
});
