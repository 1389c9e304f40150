// How each invoked server call can end, as the model explores it: the outputs it may resolve with and one
// failure. Keyed by invoke id; the model test fails when the machine invokes something missing here.
import { expect } from 'vitest';
import type { GenerationFailure } from '../../../machines/kitchen/actors';
import type { CatalogueResult } from '../../../machines/kitchen/catalogue';
import { type KitchenSnapshot, viewOf } from '../../../machines/kitchen/view';
import * as sample from '../support/samples';

export interface ActorCase {
  outputs: readonly unknown[];
  error: unknown;
  /** A second way to fail, when the machine tells it apart: a generation the service refused. */
  refusal?: unknown;
  /** What must hold after the call resolved with `output`. */
  checkDone?: (before: KitchenSnapshot, after: KitchenSnapshot, output: unknown) => void;
  checkError?: (before: KitchenSnapshot, after: KitchenSnapshot, error: unknown) => void;
}

const networkError = new Error('We could not reach the server. Check your connection and try again.');
const list = (result: CatalogueResult) => [result];
/** The id the server gave the photo the masks were saved with (uploaded by the save when it had none). */
const SAVED_PHOTO_ID = '00000000-0000-4000-8000-0000000000aa';

/** A failed load shows the error screen with the error's message. */
const showsErrorScreen = (_: KitchenSnapshot, after: KitchenSnapshot) => {
  expect(viewOf(after).error).toBe(networkError.message);
};

const catalogueCase = (outputs: CatalogueResult[]): ActorCase => ({
  outputs,
  error: networkError,
  checkDone: (_, after, output) => {
    const result = output as CatalogueResult;
    expect(after.context.catalogue[result.kind]).toEqual(result.items);
  },
  checkError: showsErrorScreen,
});

const generationFailure: GenerationFailure = { message: 'The renderer failed.', remainingGenerations: 3 };
const generationRefusal: GenerationFailure = {
  message: "Today's budget is spent.",
  remainingGenerations: 2,
  refusal: { retryAfterMs: 3_600_000 },
};

/**
 * A failed generation shows the error screen; a refused one goes back to the page, where the message stands in
 * for Generate until the service's wait has passed.
 */
const checkGenerationError = (_: KitchenSnapshot, after: KitchenSnapshot, error: unknown) => {
  const refused = error === generationRefusal;
  expect(after.context.remainingGenerations).toBe(refused ? 2 : 3);
  // Generate is never offered while the gate is closed, so a generation that fails found it open.
  expect(after.matches({ generationGate: refused ? 'refused' : 'open' })).toBe(true);
  if (refused) {
    expect(viewOf(after).route).toBe('your-kitchen');
    expect(viewOf(after).error).toBeNull();
    expect(viewOf(after).generationRefusal).toBe("Today's budget is spent.");
    expect(viewOf(after).isGenerating).toBe(false);
  } else {
    expect(viewOf(after).error).toBe('The renderer failed.');
  }
};

/** The server said this browser's session is over: the app's errors carry why. */
const sessionRevoked = Object.assign(new Error('This session was ended.'), { accessDenial: 'revoked' });
const passkeyCancelled = new Error('The passkey prompt was closed.');

/** A failed ceremony: a session that ended is access denied; anything else is said, and may be tried again. */
const checkCeremonyError =
  (failedIn: 'failed' | 'member') => (_: KitchenSnapshot, after: KitchenSnapshot, error: unknown) => {
    if (error === sessionRevoked) {
      expect(viewOf(after).route).toBe('access-denied');
      expect(after.context.accessDenial).not.toBeNull();
      return;
    }
    expect(after.matches({ account: failedIn })).toBe(true);
    expect(after.context.accountError).toBe(passkeyCancelled.message);
  };

const account = { userId: 41, remainingGenerations: 2 };
const ceremonyCase = (checkDone: ActorCase['checkDone']): ActorCase => ({
  outputs: [account],
  error: passkeyCancelled,
  refusal: sessionRevoked,
  checkDone: (before, after, output) => {
    expect(after.matches({ account: 'member' })).toBe(true);
    expect(after.context).toMatchObject({ ...account, isAccount: true, accountError: null });
    checkDone?.(before, after, output);
  },
  checkError: checkCeremonyError('failed'),
});

export const actorCases: Record<string, ActorCase> = {
  deleteMyData: {
    outputs: [undefined],
    error: networkError,
    // Erased: a new visitor's empty wizard, on the page the user was on.
    checkDone: (before, after) => {
      expect(after.matches({ myData: 'deleted' })).toBe(true);
      expect(viewOf(after).route).toBe(viewOf(before).route);
      expect(after.context).toMatchObject({
        inputImageDataUrl: null,
        inputImageId: null,
        lastGeneratedImageDataUrl: null,
        emptyRoomId: null,
        selectedDesign: null,
        generationHistory: [],
        remainingGenerations: null,
        isAccount: false,
      });
      // An account whose data is deleted is gone: the header offers saving and signing in again at once.
      if (before.matches({ account: 'member' })) expect(after.matches({ account: 'guest' })).toBe(true);
    },
    checkError: (before, after) => {
      expect(after.matches({ myData: 'failed' })).toBe(true);
      expect(after.context.inputImageDataUrl).toBe(before.context.inputImageDataUrl);
    },
  },
  registerPasskey: ceremonyCase(undefined),
  // Signing in shows the account's kitchens (unless access was already denied, which wins).
  signInWithPasskey: ceremonyCase((before, after) => {
    if (!before.matches({ session: 'denied' })) expect(viewOf(after).route).toBe('your-kitchen');
  }),
  signOut: {
    outputs: [undefined],
    error: passkeyCancelled,
    refusal: sessionRevoked,
    checkDone: (_, after) => expect(after.matches({ account: 'signedOut' })).toBe(true),
    checkError: checkCeremonyError('member'),
  },
  authorizeUser: {
    outputs: [{ remainingGenerations: 5 }, { remainingGenerations: 0 }],
    error: new Error('Forbidden'),
    checkDone: (_, after, output) =>
      expect(after.context.remainingGenerations).toBe(
        (output as { remainingGenerations: number }).remainingGenerations,
      ),
    checkError: (_, after) => {
      expect(viewOf(after).route).toBe('access-denied');
      expect(after.context.accessDenial).toBe('mismatch');
    },
  },
  loadDoorStyleGroups: catalogueCase(list({ kind: 'doorStyleGroups', items: [...sample.doorStyleGroups] })),
  loadHandleStyles: {
    ...catalogueCase(
      Object.values(sample.handleStyleLists).map((items) => ({ kind: 'handleStyles', items: [...items] })),
    ),
    checkDone: (before, after, output) => {
      const { items } = output as { items: string[] };
      const readings = new Set(items.map((style) => style.trim().toLowerCase()));
      if (readings.size === 2 && !readings.has('yes')) {
        // A real choice: the user stays on handles.
        expect(viewOf(after).step?.id).toBe('handles');
        return;
      }
      // All styles read the same: the choice is stored and the step skipped, replacing history.
      const handleless = readings.has('handleless');
      expect(after.context.frontals.isHandleless).toBe(handleless);
      const backward = before.context.direction === 'backward';
      expect(viewOf(after).step?.id).toBe(backward ? 'design' : 'finishing');
      expect(after.context.navigation).toBe('replace');
    },
  },
  loadFinishes: catalogueCase(list({ kind: 'finishes', items: [...sample.finishes] })),
  loadFrontalColourGroups: catalogueCase(
    list({ kind: 'frontalColourGroups', items: [...sample.frontalColourGroups] }),
  ),
  loadFrontalPreviews: catalogueCase(list({ kind: 'frontalPreviews', items: [...sample.frontals] })),
  loadWorktopMaterials: catalogueCase(list({ kind: 'worktopMaterials', items: [...sample.materials] })),
  loadWorktopColourGroups: catalogueCase(
    list({ kind: 'worktopColourGroups', items: [...sample.worktopColourGroups] }),
  ),
  loadWorktopColours: catalogueCase(list({ kind: 'worktopColours', items: [...sample.worktopColours] })),
  loadWorktopPreviews: catalogueCase(list({ kind: 'worktopPreviews', items: [...sample.worktopPreviews] })),
  preparePhoto: {
    outputs: [sample.preparedPhoto],
    error: new Error('This file is not a photo we can read.'),
    checkDone: (_, after) => expect(after.context.inputImageDataUrl).toBe(sample.preparedPhoto.dataUrl),
    checkError: (_, after) => expect(after.context.inputImageDataUrl).toBeNull(),
  },
  validateImageContent: {
    outputs: [
      { isSafe: true, imageId: '0b9a4c52-52d8-4bd2-9a6e-3c8f1d2e4a10' },
      { isSafe: false, imageId: null },
    ],
    error: networkError,
    checkDone: (_, after, output) => {
      const { isSafe } = output as { isSafe: boolean };
      // Moderation: null (unchecked), then true or false; the verdict is cached by image for 24 hours.
      expect(after.context.moderationPassed).toBe(isSafe);
      expect(after.context.moderationCache[sample.preparedPhoto.imageKey]?.isSafe).toBe(isSafe);
    },
    checkError: (_, after) => expect(after.context.moderationPassed).toBeNull(),
  },
  saveSurfaceMasks: {
    outputs: [
      { imageId: SAVED_PHOTO_ID, surfaces: ['fronts', 'worktop'] },
      { imageId: SAVED_PHOTO_ID, surfaces: [] },
    ],
    error: networkError,
    checkDone: (_, after, output) => {
      const { surfaces, imageId } = output as { surfaces: string[]; imageId: string };
      // Saved: the tool closes on the photo step, which now knows the photo is marked.
      expect(after.hasTag('marking')).toBe(false);
      expect(viewOf(after).step?.id).toBe('upload-image');
      expect(after.context.photoMarking).toBe(surfaces.length > 0 ? 'marked' : 'skipped');
      // A photo checked from the moderation cache was uploaded by the save: generation must use that id.
      expect(after.context.inputImageId).toBe(imageId);
    },
    // A failed save keeps the marking on screen with the reason, to try again or skip.
    checkError: (_, after) => {
      expect(after.hasTag('marking')).toBe(true);
      expect(after.hasTag('savingMarking')).toBe(false);
      expect(after.context.markingError).toBe(networkError.message);
    },
  },
  generateEmptyRoom: {
    // A paid provider charges for emptying the room too, and says how many generations are left.
    outputs: [{ emptyRoomId: '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e', remainingGenerations: 4 }],
    error: generationFailure,
    refusal: generationRefusal,
    checkDone: (_, after) => {
      expect(after.context.emptyRoomId).toBe('5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e');
      expect(after.context.remainingGenerations).toBe(4);
    },
    checkError: checkGenerationError,
  },
  loadGenerationHistory: {
    outputs: [sample.pastKitchens],
    error: networkError,
    checkDone: (_, after) => expect(after.context.generationHistory).toEqual(sample.pastKitchens),
    // The history is an extra: a failure hides it and shows no error screen.
    checkError: (_, after) => {
      expect(after.context.generationHistory).toEqual([]);
      expect(viewOf(after).error).toBeNull();
    },
  },
  loadComparison: {
    outputs: [sample.comparedKitchens],
    error: networkError,
    checkDone: (_, after) => {
      expect(after.matches({ routes: { 'your-kitchen': { result: { comparing: 'showing' } } } })).toBe(true);
      expect(after.context.comparison?.kitchens).toEqual(sample.comparedKitchens);
    },
    // Comparing is an extra: a failure says so in place, never the error screen.
    checkError: (_, after) => {
      expect(after.matches({ routes: { 'your-kitchen': { result: { comparing: 'failed' } } } })).toBe(true);
      expect(viewOf(after).error).toBeNull();
    },
  },
  generateKitchen: {
    outputs: [
      {
        imageUrl: '/api/v1/images/6e7f8091-a2b3-4c4d-9e5f-6a7b8c9d0e1f',
        remainingGenerations: 4,
        provider: 'local',
        layoutSketchUrl: '/api/v1/kitchen/jobs/6e7f8091-a2b3-4c4d-9e5f-6a7b8c9d0e1f/layout-sketch',
      },
    ],
    error: generationFailure,
    refusal: generationRefusal,
    checkDone: (_, after) => {
      // The Generations-Remaining count is kept on success and on error.
      expect(after.context.remainingGenerations).toBe(4);
      expect(viewOf(after).route).toBe('your-kitchen');
      expect(after.context.lastGeneratedImageDataUrl).toContain('/api/v1/images/');
      // The layout sketch shown beside the photo result (issue 22) is kept with it.
      expect(after.context.lastLayoutSketchUrl).toMatch(/\/layout-sketch$/);
    },
    checkError: checkGenerationError,
  },
};
