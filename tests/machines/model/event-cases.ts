// Every event of the kitchen statechart, with the samples the model sends and what must hold after each. The
// table is typed by the machine's event union: a new event does not compile until it has a case here.
import { expect } from 'vitest';
import type { KitchenEvent, KitchenEventType } from '../../../machines/kitchen/events';
import { type MyDataState, myDataOf } from '../../../machines/kitchen/my-data';
import { firstIncompleteStepBefore, isStepComplete } from '../../../machines/kitchen/requirements';
import { ROUTE_IDS, type RouteId } from '../../../machines/kitchen/routes';
import {
  keptValue,
  LAST_STEP,
  nextStepOf,
  offeredValues,
  previousStepOf,
  type StepId,
} from '../../../machines/kitchen/steps';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import * as sample from '../support/samples';

type EventOf<T extends KitchenEventType> = Extract<KitchenEvent, { type: T }>;

export interface EventCase<E extends KitchenEvent> {
  /** The events of this type worth sending from this snapshot. */
  samples: (snapshot: KitchenSnapshot) => E[];
  /** What the user must see after the event, given what was there before it. */
  check: (before: KitchenSnapshot, after: KitchenSnapshot, event: E) => void;
}

export type EventTable = { [T in KitchenEventType]: EventCase<EventOf<T>> };

const stepOf = (snapshot: KitchenSnapshot): StepId | null => viewOf(snapshot).step?.id ?? null;
const routeOf = (snapshot: KitchenSnapshot): RouteId => viewOf(snapshot).route;
const inRoute = (snapshot: KitchenSnapshot, prefix: string) => routeOf(snapshot).startsWith(prefix);

/** Offers the two samples of a choice while the step that makes it is on screen. */
const choiceOn =
  <E extends KitchenEvent>(step: StepId, make: () => E[]) =>
  (snapshot: KitchenSnapshot) =>
    stepOf(snapshot) === step ? make() : [];

const changed = <T>(before: T, after: T) => before !== after;

/** The privacy page's delete controls: offered there, in the states that show them; the route never changes. */
const myDataCase = <T extends Extract<KitchenEventType, `MY_DATA.${string}`>>(
  type: T,
  from: MyDataState[],
  to: MyDataState,
): EventCase<EventOf<T>> => ({
  samples: (snapshot) =>
    routeOf(snapshot) === 'privacy' && from.includes(myDataOf(snapshot)) ? [{ type } as EventOf<T>] : [],
  check: (before, after) => {
    expect(myDataOf(after)).toBe(to);
    expect(routeOf(after)).toBe(routeOf(before));
  },
});
/** The account's buttons sit in the header; the model presses them where they matter: home and the result page. */
const ACCOUNT_ROUTES: readonly RouteId[] = ['home', 'your-kitchen'];
type AccountState = 'guest' | 'failed' | 'member';
const accountIn = (snapshot: KitchenSnapshot, ...states: AccountState[]) =>
  ACCOUNT_ROUTES.includes(routeOf(snapshot)) && states.some((state) => snapshot.matches({ account: state }));
const accountEvent =
  <E extends KitchenEvent>(event: E, ...from: AccountState[]) =>
  (snapshot: KitchenSnapshot): E[] =>
    accountIn(snapshot, ...from) ? [event] : [];

export const eventCases: EventTable = {
  NAVIGATE: {
    samples: () => ROUTE_IDS.map((route) => ({ type: 'NAVIGATE', route })),
    check: (before, after, event) => {
      if (before.matches({ session: 'denied' })) {
        expect(routeOf(after)).toBe('access-denied');
        return;
      }
      const target = event.route.startsWith('create-kitchen/') ? (event.route.split('/')[1] as StepId) : null;
      if (target === null) {
        expect(routeOf(after)).toBe(event.route);
        expect(after.context.navigation).toBe('push');
        return;
      }
      // A step whose earlier choices are missing sends the user back, replacing the history entry.
      const blockedAt = firstIncompleteStepBefore(target, after.context);
      const landed = stepOf(after);
      if (blockedAt !== null) {
        expect(landed).toBe(blockedAt);
        expect(after.context.navigation).toBe('replace');
      } else {
        expect(landed).toBe(target);
        expect(after.context.navigation).toBe('push');
      }
    },
  },
  NEXT: {
    samples: (snapshot) =>
      inRoute(snapshot, 'create-kitchen') || inRoute(snapshot, 'onboarding') ? [{ type: 'NEXT' }] : [],
    check: (before, after) => {
      const step = stepOf(before);
      if (step === null) {
        const order: RouteId[] = [
          'onboarding/how-it-works',
          'onboarding/personalization',
          'onboarding/showcase',
        ];
        const next = order[order.indexOf(routeOf(before)) + 1] ?? 'create-kitchen/upload-image';
        expect(routeOf(after)).toBe(next);
        return;
      }
      const next = nextStepOf(step);
      if (next === null || !isStepComplete(step, before.context)) {
        // Gating: the last step has no next, and an incomplete step cannot be left.
        expect(stepOf(after)).toBe(step);
        return;
      }
      if (viewOf(before).nextReturnsToReview) {
        // Changing one thing with every choice made: back to the review, not through every later step.
        expect(viewOf(after).isReviewing).toBe(true);
        expect(after.context.navigation).toBe('push');
        return;
      }
      expect(stepOf(after)).toBe(next);
      expect(after.context.navigation).toBe('push');
    },
  },
  BACK: {
    samples: (snapshot) =>
      inRoute(snapshot, 'create-kitchen') || inRoute(snapshot, 'onboarding') ? [{ type: 'BACK' }] : [],
    check: (before, after) => {
      const step = stepOf(before);
      if (step === null) return;
      // The first step has no previous.
      expect(stepOf(after)).toBe(previousStepOf(step) ?? step);
    },
  },
  'PHOTO.SELECTED': {
    samples: choiceOn('upload-image', () => [{ type: 'PHOTO.SELECTED', file: sample.photo }]),
    check: (_, after) => {
      expect(viewOf(after).isProcessingImage).toBe(true);
      expect(after.context.moderationPassed).toBeNull();
      expect(after.context.inputImageDataUrl).toBeNull();
    },
  },
  'PHOTO.REMOVED': {
    samples: choiceOn('upload-image', () => [{ type: 'PHOTO.REMOVED' }]),
    check: (_, after) => {
      expect(after.context.file).toBeNull();
      expect(after.context.inputImageDataUrl).toBeNull();
      expect(after.context.moderationPassed).toBeNull();
    },
  },
  'MARKING.START': {
    samples: choiceOn('upload-image', () => [{ type: 'MARKING.START' }]),
    check: (before, after) => {
      // The tool opens once the photo is checked (by the server, or from the moderation cache: saving then uploads
      // it), from the photo step at rest; never otherwise.
      const opens =
        before.matches({ routes: { 'create-kitchen': { 'upload-image': 'idle' } } }) &&
        before.context.moderationPassed === true &&
        before.context.inputImageDataUrl !== null;
      expect(after.hasTag('marking')).toBe(opens || before.hasTag('marking'));
      if (opens) expect(after.context.markingError).toBeNull();
    },
  },
  'MARKING.SAVE': {
    samples: (snapshot) =>
      snapshot.hasTag('marking') ? [{ type: 'MARKING.SAVE', masks: sample.surfaceMasks }] : [],
    check: (before, after) => {
      expect(after.hasTag('savingMarking')).toBe(true);
      if (!before.hasTag('savingMarking')) expect(after.children.saveSurfaceMasks).toBeDefined();
    },
  },
  'MARKING.SKIP': {
    samples: (snapshot) => (snapshot.hasTag('marking') ? [{ type: 'MARKING.SKIP' }] : []),
    check: (before, after) => {
      // Skipping is offered until a marking is saved: after that the tool only closes.
      if (before.context.photoMarking === 'marked') {
        expect(after.hasTag('marking')).toBe(true);
        return;
      }
      expect(after.hasTag('marking')).toBe(false);
      expect(after.context.photoMarking).toBe('skipped');
      expect(stepOf(after)).toBe('upload-image');
    },
  },
  'MARKING.CANCEL': {
    samples: (snapshot) => (snapshot.hasTag('marking') ? [{ type: 'MARKING.CANCEL' }] : []),
    check: (before, after) => {
      expect(after.hasTag('marking')).toBe(false);
      expect(after.context.photoMarking).toBe(before.context.photoMarking);
      expect(stepOf(after)).toBe('upload-image');
    },
  },
  'DESIGN.SELECTED': {
    samples: choiceOn('design', () =>
      sample.doorStyleGroups.map((group) => ({ type: 'DESIGN.SELECTED', group, image: null })),
    ),
    check: (before, after, event) => {
      expect(after.context.selectedDesign).toBe(event.group);
      expect(after.context.frontals.doorStyleGroup).toBe(event.group);
      if (changed(before.context.frontals.doorStyleGroup, event.group)) {
        expect(after.context.frontals).toMatchObject({
          isHandleless: null,
          finish: null,
          colorGroup: null,
          selectedFrontalId: null,
          selectedFrontalPreview: null,
        });
      }
    },
  },
  'FINISH.SELECTED': {
    samples: choiceOn('finishing', () =>
      sample.finishes.map((finish) => ({ type: 'FINISH.SELECTED', finish })),
    ),
    check: (before, after, event) => {
      expect(after.context.frontals.finish).toBe(event.finish);
      if (changed(before.context.frontals.finish, event.finish)) {
        expect(after.context.frontals).toMatchObject({ colorGroup: null, selectedFrontalId: null });
      }
    },
  },
  'FRONTAL_COLOUR_GROUP.SELECTED': {
    samples: choiceOn('frontal-color', () =>
      sample.frontalColourGroups.map((group) => ({ type: 'FRONTAL_COLOUR_GROUP.SELECTED', group })),
    ),
    check: (before, after, event) => {
      expect(after.context.frontals.colorGroup).toBe(event.group);
      if (changed(before.context.frontals.colorGroup, event.group)) {
        expect(after.context.frontals.selectedFrontalId).toBeNull();
      }
      // Front previews are asked for once group, finish, colour group and handle choice are set.
      expect(after.children.loadFrontalPreviews).toBeDefined();
    },
  },
  'FRONTAL.SELECTED': {
    samples: choiceOn('frontal-color', () =>
      sample.frontals.map((frontal) => ({ type: 'FRONTAL.SELECTED', frontal })),
    ),
    check: (_, after, event) => {
      expect(after.context.frontals.selectedFrontalId).toBe(event.frontal.id);
      expect(after.context.frontals.selectedFrontalPreview).toEqual(event.frontal);
    },
  },
  'MATERIAL.SELECTED': {
    samples: choiceOn('material', () =>
      sample.materials.map((material) => ({ type: 'MATERIAL.SELECTED', material })),
    ),
    check: (before, after, event) => {
      expect(after.context.worktops.material).toBe(event.material);
      if (changed(before.context.worktops.material, event.material)) {
        expect(after.context.worktops).toMatchObject({
          colourGroup: null,
          colour: null,
          selectedColourPreview: null,
          selectedWorktopId: null,
          selectedWorktopPreview: null,
        });
      }
    },
  },
  'WORKTOP_COLOUR_GROUP.SELECTED': {
    samples: choiceOn('material-color', () =>
      sample.worktopColourGroups.map((group) => ({ type: 'WORKTOP_COLOUR_GROUP.SELECTED', group })),
    ),
    check: (before, after, event) => {
      expect(after.context.worktops.colourGroup).toBe(event.group);
      if (changed(before.context.worktops.colourGroup, event.group)) {
        expect(after.context.worktops).toMatchObject({
          colour: null,
          selectedColourPreview: null,
          selectedWorktopId: null,
        });
      }
    },
  },
  'WORKTOP_COLOUR.SELECTED': {
    samples: choiceOn('material-color', () =>
      sample.worktopColours.map((colour) => ({ type: 'WORKTOP_COLOUR.SELECTED', colour })),
    ),
    check: (_, after, event) => {
      expect(after.context.worktops.colour).toBe(event.colour.colour);
      expect(after.context.worktops.selectedColourPreview).toEqual(event.colour);
    },
  },
  'WORKTOP.SELECTED': {
    samples: choiceOn('material-preview', () =>
      sample.worktopPreviews.map((worktop) => ({ type: 'WORKTOP.SELECTED', worktop })),
    ),
    check: (_, after, event) => {
      expect(after.context.worktops.selectedWorktopId).toBe(event.worktop.id);
    },
  },
  'STEP.CHOSEN': {
    // Every value a shared-choice step (step-table.ts) offers while it is on screen: a fixed choice's options, a
    // plain catalogue choice's loaded items.
    samples: (snapshot) => {
      const step = stepOf(snapshot);
      if (step === null) return [];
      return offeredValues(step, snapshot.context).map((value) => ({ type: 'STEP.CHOSEN', step, value }));
    },
    check: (before, after, event) => {
      expect(keptValue(event.step, after.context)).toBe(event.value);
      // The spec's fields these choices are kept in (spec §3), and the handles cascade (spec §4).
      if (event.step === 'kitchen-shape') expect(after.context.selectedShape).toBe(event.value);
      if (event.step === 'kitchen-island') expect(after.context.hasIsland).toBe(event.value === 'yes');
      if (event.step !== 'handles') return;
      const isHandleless = event.value === 'yes';
      expect(after.context.frontals.isHandleless).toBe(isHandleless);
      if (changed(before.context.frontals.isHandleless, isHandleless)) {
        expect(after.context.frontals).toMatchObject({
          finish: null,
          colorGroup: null,
          selectedFrontalId: null,
        });
      }
    },
  },
  GENERATE: {
    samples: (snapshot) =>
      stepOf(snapshot) === LAST_STEP ||
      snapshot.matches({ routes: { 'your-kitchen': 'result' } }) ||
      viewOf(snapshot).isReviewing
        ? [{ type: 'GENERATE' }]
        : [],
    check: (before, after) => {
      const allowed =
        isStepComplete(LAST_STEP, before.context) &&
        (before.context.remainingGenerations === null || before.context.remainingGenerations > 0) &&
        before.matches({ generationGate: 'open' });
      expect(viewOf(after).isGenerating).toBe(allowed);
      if (allowed) expect(routeOf(after)).toBe('your-kitchen');
    },
  },
  'GENERATION.STAGE': {
    samples: (snapshot) =>
      viewOf(snapshot).isGenerating ? [{ type: 'GENERATION.STAGE', stage: 'rendering' }] : [],
    check: (_, after) => expect(after.context.generationStage).toBe('rendering'),
  },
  'GENERATION.CANCEL': {
    samples: (snapshot) => (viewOf(snapshot).isGenerating ? [{ type: 'GENERATION.CANCEL' }] : []),
    check: (_, after) => {
      expect(viewOf(after).isGenerating).toBe(false);
      expect(after.context.generationStage).toBeNull();
    },
  },
  RETRY: {
    samples: (snapshot) =>
      snapshot.hasTag('error') && !snapshot.hasTag('retrying') ? [{ type: 'RETRY' }] : [],
    check: (before, after) => {
      // "Try again" keeps the message on screen until the retry delay has passed.
      expect(viewOf(after).isRetrying).toBe(true);
      expect(viewOf(after).error).toBe(before.context.error);
    },
  },
  RESET: {
    samples: (snapshot) => (routeOf(snapshot) === 'home' ? [] : [{ type: 'RESET' }]),
    check: (before, after) => {
      if (before.matches({ session: 'denied' })) return;
      expect(stepOf(after)).toBe('upload-image');
      expect(after.context).toMatchObject({
        inputImageDataUrl: null,
        moderationPassed: null,
        selectedDesign: null,
        hasIsland: null,
        selectedShape: null,
        lastGeneratedImageDataUrl: null,
      });
      expect(Object.values(after.context.frontals).every((value) => value === null)).toBe(true);
      expect(Object.values(after.context.worktops).every((value) => value === null)).toBe(true);
    },
  },
  ACCESS_DENIED: {
    // Raised by the machine itself when authorisation fails, and by the app when the server says the session
    // ended; the model's actor cases raise both kinds.
    samples: () => [],
    check: (_, after) => {
      expect(routeOf(after)).toBe('access-denied');
      expect(after.context.accessDenial).not.toBeNull();
    },
  },
  'ACCOUNT.SAVE': {
    samples: accountEvent({ type: 'ACCOUNT.SAVE' }, 'guest', 'failed'),
    check: (_, after) => {
      expect(after.matches({ account: 'registering' })).toBe(true);
      expect(after.context.accountError).toBeNull();
    },
  },
  'ACCOUNT.SIGN_IN': {
    samples: accountEvent({ type: 'ACCOUNT.SIGN_IN' }, 'guest', 'failed'),
    check: (_, after) => expect(after.matches({ account: 'signingIn' })).toBe(true),
  },
  'ACCOUNT.SIGN_OUT': {
    samples: accountEvent({ type: 'ACCOUNT.SIGN_OUT' }, 'member'),
    check: (_, after) => expect(after.matches({ account: 'signingOut' })).toBe(true),
  },
  'ACCOUNT.DISMISS': {
    samples: accountEvent({ type: 'ACCOUNT.DISMISS' }, 'failed'),
    check: (_, after) => {
      expect(after.matches({ account: 'guest' })).toBe(true);
      expect(after.context.accountError).toBeNull();
    },
  },
  'GENERATION.REFUSED': {
    // Raised by the machine itself when the service refuses a generation; never sent from outside.
    samples: () => [],
    check: (_, after) => expect(after.matches({ generationGate: 'refused' })).toBe(true),
  },
  'MY_DATA.DELETE': myDataCase('MY_DATA.DELETE', ['idle', 'failed'], 'confirming'),
  'MY_DATA.CANCEL': myDataCase('MY_DATA.CANCEL', ['confirming'], 'idle'),
  'MY_DATA.CONFIRM': myDataCase('MY_DATA.CONFIRM', ['confirming'], 'deleting'),
  'MY_DATA.DISMISS': myDataCase('MY_DATA.DISMISS', ['deleted', 'failed'], 'idle'),
  'COMPARE.OPEN': {
    // Two kitchens (compared), one (not enough: nothing happens), and two the history shows were made from
    // different photos (refused; compared only while the history is not at hand to tell).
    samples: (snapshot) =>
      snapshot.matches({ routes: { 'your-kitchen': { result: 'single' } } })
        ? [
            { type: 'COMPARE.OPEN', jobIds: sample.COMPARED_JOB_IDS },
            { type: 'COMPARE.OPEN', jobIds: sample.COMPARED_JOB_IDS.slice(0, 1) },
            { type: 'COMPARE.OPEN', jobIds: sample.MIXED_PHOTO_JOB_IDS },
          ]
        : [],
    check: (before, after, event) => {
      const historyTellsPhotosApart = before.context.generationHistory.some(
        ({ id }) => id === sample.KITCHEN_OF_ANOTHER_PHOTO,
      );
      const mixesPhotos = historyTellsPhotosApart && event.jobIds.includes(sample.KITCHEN_OF_ANOTHER_PHOTO);
      const compared = event.jobIds.length >= 2 && !mixesPhotos;
      expect(
        after.matches({ routes: { 'your-kitchen': { result: compared ? 'comparing' : 'single' } } }),
      ).toBe(true);
      expect(after.context.comparison?.jobIds ?? null).toEqual(compared ? event.jobIds : null);
      expect(routeOf(after)).toBe('your-kitchen');
    },
  },
  'COMPARE.CLOSE': {
    samples: (snapshot) =>
      snapshot.matches({ routes: { 'your-kitchen': { result: 'comparing' } } })
        ? [{ type: 'COMPARE.CLOSE' }]
        : [],
    check: (_, after) => {
      expect(after.matches({ routes: { 'your-kitchen': { result: 'single' } } })).toBe(true);
      expect(after.context.comparison).toBeNull();
    },
  },
  CHANGE_ONE_THING: {
    samples: (snapshot) =>
      snapshot.matches({ routes: { 'your-kitchen': 'result' } }) || viewOf(snapshot).isReviewing
        ? sample.CHANGED_STEPS.map((step) => ({ type: 'CHANGE_ONE_THING', step }))
        : [],
    check: (before, after, event) => {
      expect(after.context.changingOneThing).toBe(true);
      // The wizard at that step (a move there, pushed), with every choice as it was.
      expect(stepOf(after)).toBe(firstIncompleteStepBefore(event.step, after.context) ?? event.step);
      expect(after.context.navigation).toBe('push');
      expect(after.context.frontals).toEqual(before.context.frontals);
      expect(after.context.worktops).toEqual(before.context.worktops);
      expect(after.context.selectedShape).toBe(before.context.selectedShape);
      expect(after.context.hasIsland).toBe(before.context.hasIsland);
      expect(after.context.choices).toEqual(before.context.choices);
    },
  },
  'REVIEW.CLOSE': {
    samples: (snapshot) => (viewOf(snapshot).isReviewing ? [{ type: 'REVIEW.CLOSE' }] : []),
    check: (_, after) => {
      // Back to the kitchen on show, no longer changing anything: Next walks the wizard again.
      expect(viewOf(after).isReviewing).toBe(false);
      expect(routeOf(after)).toBe('your-kitchen');
      expect(after.context.changingOneThing).toBe(false);
    },
  },
  'KITCHEN.OPEN': {
    // An earlier kitchen of the history, one the history does not list (ignored), and the latest again.
    samples: (snapshot) =>
      snapshot.matches({ routes: { 'your-kitchen': 'result' } }) ||
      snapshot.matches({ routes: { 'your-kitchen': 'empty' } })
        ? [
            { type: 'KITCHEN.OPEN', jobId: 'earlier' },
            { type: 'KITCHEN.OPEN', jobId: 'unknown-kitchen' },
            { type: 'KITCHEN.OPEN', jobId: null },
          ]
        : [],
    check: (before, after, event) => {
      const listed =
        event.jobId === null || before.context.generationHistory.some(({ id }) => id === event.jobId);
      expect(after.context.openedKitchenId).toBe(listed ? event.jobId : before.context.openedKitchenId);
      expect(routeOf(after)).toBe('your-kitchen');
    },
  },
};
