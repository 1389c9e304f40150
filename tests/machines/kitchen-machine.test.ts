// The statechart's behaviour on a running actor, one test per rule of SPEC.md §2, §4, §5 and §9 that plays
// out over time: gating, redirects with history replace, the handles auto-skip, moderation and its cache,
// reset, the error screen's retry, onboarding and generation.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CatalogueRequest } from '../../machines/kitchen/catalogue';
import { RETRY_DELAY_MS } from '../../machines/kitchen/kitchen-setup';
import {
  MODERATION_CACHE_TTL_MS,
  MODERATION_PURGE_INTERVAL_MS,
} from '../../machines/kitchen/moderation-cache';
import { catalogueAnswers, startKitchen, walkTo } from './support/kitchen-harness';
import * as sample from './support/samples';

afterEach(() => {
  vi.useRealTimers();
});

describe('§4–§5 gating', () => {
  it('leaving design is blocked until a design is selected', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'design');
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe('design');
    expect(kitchen.view().canGoNext).toBe(false);
    expect(kitchen.view().nextBlockedReason).toBe('Choose a design style to continue.');
    kitchen.send({ type: 'DESIGN.SELECTED', group: 'Shaker', image: null });
    expect(kitchen.view().canGoNext).toBe(true);
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe('handles');
  });

  it('leaving handles is blocked until the handle choice is not null', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'handles');
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe('handles');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'handles', value: 'yes' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe('finishing');
  });

  it('the last step has no next: it offers Generate', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'no' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().step?.id).toBe('kitchen-island');
    expect(kitchen.view().canGoNext).toBe(false);
  });
});

describe('§2 route guards redirect with history replace', () => {
  it('material-preview without a material redirects to material', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'material');
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/material-preview' });
    expect(kitchen.view().step?.id).toBe('material');
    expect(kitchen.view().navigation).toBe('replace');
  });

  it('material-preview without a colour group redirects to material-color', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'material-color');
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/material-preview' });
    expect(kitchen.view().step?.id).toBe('material-color');
    expect(kitchen.view().navigation).toBe('replace');
  });

  it('material-preview with material, colour group and colour preloads the previews for them', async () => {
    const requests: CatalogueRequest[] = [];
    const kitchen = startKitchen({
      actors: {
        loadCatalogue: fromPromise(async ({ input }: { input: CatalogueRequest }) => {
          requests.push(input);
          return catalogueAnswers()(input);
        }),
      },
    });
    await walkTo(kitchen, 'material-preview');
    expect(requests.at(-1)).toEqual({
      kind: 'worktopPreviews',
      params: { material: 'Quartz', colourGroup: 'Whites', colour: 'Calacatta' },
    });
    expect(kitchen.context().catalogue.worktopPreviews).toEqual(sample.worktopPreviews);
  });

  it('material-color without a material redirects to material', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'material');
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/material-color' });
    expect(kitchen.view().step?.id).toBe('material');
    expect(kitchen.view().navigation).toBe('replace');
  });

  it('a later step without a needed earlier choice sends the user back to that step', async () => {
    const kitchen = startKitchen();
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/kitchen-island' });
    expect(kitchen.view().step?.id).toBe('upload-image');
    expect(kitchen.view().navigation).toBe('replace');
  });

  it('a restored wizard is held to the same rule', async () => {
    const kitchen = startKitchen({
      input: {
        userId: 7,
        restored: {
          wizard: {
            inputImageDataUrl: 'data:image/jpeg;base64,AA',
            moderationPassed: true,
            selectedDesign: 'Slab',
          },
          frontals: { doorStyleGroup: 'Slab', isHandleless: false },
          worktops: {},
        },
      },
    });
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/material-color' });
    expect(kitchen.view().step?.id).toBe('finishing');
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/handles' });
    await kitchen.settled();
    expect(kitchen.view().step?.id).toBe('handles');
  });
});

describe('§2 handles auto-skip', () => {
  const withStyles = (styles: readonly string[]) =>
    startKitchen({
      actors: {
        loadCatalogue: fromPromise(async ({ input }: { input: CatalogueRequest }) =>
          catalogueAnswers(styles)(input),
        ),
      },
    });

  it('stores the single handle choice and moves on to finishing, replacing history', async () => {
    const kitchen = withStyles(sample.handleStyleLists.handlelessOnly);
    await walkTo(kitchen, 'design');
    kitchen.send({ type: 'DESIGN.SELECTED', group: 'Slab', image: null });
    kitchen.send({ type: 'NEXT' });
    await kitchen.atStep('finishing');
    expect(kitchen.context().frontals.isHandleless).toBe(true);
    expect(kitchen.view().navigation).toBe('replace');
  });

  it('going back from finishing skips past handles to design', async () => {
    const kitchen = withStyles(sample.handleStyleLists.withHandleOnly);
    await walkTo(kitchen, 'finishing');
    expect(kitchen.context().frontals.isHandleless).toBe(false);
    kitchen.send({ type: 'BACK' });
    await kitchen.atStep('design');
    expect(kitchen.view().navigation).toBe('replace');
  });

  it('stays on handles when the styles offer a real choice', async () => {
    const kitchen = withStyles(sample.handleStyleLists.both);
    await walkTo(kitchen, 'design');
    kitchen.send({ type: 'DESIGN.SELECTED', group: 'Slab', image: null });
    kitchen.send({ type: 'NEXT' });
    await kitchen.atStep('handles');
    expect(kitchen.context().frontals.isHandleless).toBeNull();
  });
});

describe('§4 moderation', () => {
  it('goes from null (unchecked) through checking to true', async () => {
    let release: (verdict: { isSafe: boolean; imageId: string | null }) => void = () => {};
    const kitchen = startKitchen({
      actors: {
        validateImageContent: fromPromise(() => new Promise((resolve) => (release = resolve))),
      },
    });
    await walkTo(kitchen, 'upload-image');
    expect(kitchen.context().moderationPassed).toBeNull();
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.until((snapshot) => snapshot.hasTag('moderating'));
    expect(kitchen.view().isModerating).toBe(true);
    expect(kitchen.context().moderationPassed).toBeNull();
    release({ isSafe: true, imageId: 'img' });
    await kitchen.settled();
    expect(kitchen.context().moderationPassed).toBe(true);
    expect(kitchen.view().canGoNext).toBe(true);
  });

  it('an unsafe photo sets false and cannot be taken further', async () => {
    const kitchen = startKitchen({
      actors: { validateImageContent: fromPromise(async () => ({ isSafe: false, imageId: null })) },
    });
    await walkTo(kitchen, 'upload-image');
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    expect(kitchen.context().moderationPassed).toBe(false);
    expect(kitchen.view().canGoNext).toBe(false);
  });

  it('removing the file resets moderation to null', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'upload-image');
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    kitchen.send({ type: 'PHOTO.REMOVED' });
    expect(kitchen.context()).toMatchObject({ moderationPassed: null, file: null, inputImageDataUrl: null });
  });

  it('a photo checked before is not sent again while its verdict is fresh', async () => {
    const validate = vi.fn(async () => ({ isSafe: true, imageId: 'img' }));
    const kitchen = startKitchen({ actors: { validateImageContent: fromPromise(validate) } });
    await walkTo(kitchen, 'upload-image');
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    kitchen.send({ type: 'PHOTO.REMOVED' });
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    expect(validate).toHaveBeenCalledTimes(1);
    expect(kitchen.context().moderationPassed).toBe(true);
  });

  it('an expired verdict is deleted, read as unknown, and the photo checked again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The second check never answers, so the test can look at the cache while it is under way.
    const validate = vi
      .fn<() => Promise<{ isSafe: boolean; imageId: string | null }>>()
      .mockResolvedValueOnce({ isSafe: true, imageId: 'img' })
      .mockReturnValue(new Promise(() => {}));
    const kitchen = startKitchen({ actors: { validateImageContent: fromPromise(validate) } });
    await walkTo(kitchen, 'upload-image');
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.settled();
    expect(Object.keys(kitchen.context().moderationCache)).toEqual([sample.preparedPhoto.imageKey]);
    vi.setSystemTime(Date.now() + MODERATION_CACHE_TTL_MS);
    kitchen.send({ type: 'PHOTO.SELECTED', file: sample.photo });
    await kitchen.until((snapshot) => snapshot.hasTag('moderating'));
    expect(kitchen.context().moderationCache).toEqual({});
    expect(kitchen.context().moderationPassed).toBeNull();
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('purges expired verdicts every hour', async () => {
    vi.useFakeTimers();
    const kitchen = startKitchen({
      input: {
        userId: 7,
        restored: {
          wizard: {
            moderationCache: {
              old: { isSafe: true, timestamp: 0, expiresAt: Date.now() + 10 },
              fresh: { isSafe: false, timestamp: 0, expiresAt: Date.now() + MODERATION_CACHE_TTL_MS },
            },
          },
          frontals: {},
          worktops: {},
        },
      },
    });
    await vi.advanceTimersByTimeAsync(MODERATION_PURGE_INTERVAL_MS - 1);
    expect(Object.keys(kitchen.context().moderationCache)).toEqual(['old', 'fresh']);
    await vi.advanceTimersByTimeAsync(1);
    expect(Object.keys(kitchen.context().moderationCache)).toEqual(['fresh']);
  });
});

describe('§4 reset', () => {
  it('returns everything to the initial state, with the step back at upload-image', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'kitchen-shape');
    expect(Object.keys(kitchen.context().moderationCache)).toHaveLength(1);
    kitchen.send({ type: 'RESET' });
    // The moderation cache is part of the wizard state, so it goes too (docs/decisions.md D15).
    expect(kitchen.context().moderationCache).toEqual({});
    expect(kitchen.view().step?.id).toBe('upload-image');
    expect(kitchen.context()).toMatchObject({
      inputImageDataUrl: null,
      moderationPassed: null,
      selectedDesign: null,
      selectedShape: null,
      hasIsland: null,
      currentStep: 'upload-image',
    });
    expect(Object.values(kitchen.context().frontals).every((value) => value === null)).toBe(true);
    expect(Object.values(kitchen.context().worktops).every((value) => value === null)).toBe(true);
  });
});

describe('§2, §8 the error screen', () => {
  it("shows the error; 'Try again' clears it after 1 second and loads again", async () => {
    vi.useFakeTimers();
    let fail = true;
    const kitchen = startKitchen({
      actors: {
        loadCatalogue: fromPromise(async ({ input }: { input: CatalogueRequest }) => {
          if (fail && input.kind === 'worktopMaterials') throw new Error('The catalogue is unavailable.');
          return catalogueAnswers()(input);
        }),
      },
    });
    // The walk ends on the step whose load fails, whichever step comes before it.
    await walkTo(kitchen, 'material');
    await kitchen.until((snapshot) => snapshot.hasTag('error'));
    expect(kitchen.view().error).toBe('The catalogue is unavailable.');
    fail = false;
    kitchen.send({ type: 'RETRY' });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(kitchen.view().error).toBe('The catalogue is unavailable.');
    await vi.advanceTimersByTimeAsync(1);
    await kitchen.settled();
    expect(kitchen.view().error).toBeNull();
    expect(kitchen.context().catalogue.worktopMaterials).toEqual(sample.materials);
  });
});

describe('§2 onboarding', () => {
  it('walks how-it-works, personalization and showcase, then starts the wizard', () => {
    const kitchen = startKitchen();
    kitchen.send({ type: 'NAVIGATE', route: 'onboarding/how-it-works' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().route).toBe('onboarding/personalization');
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().route).toBe('onboarding/showcase');
    kitchen.send({ type: 'BACK' });
    expect(kitchen.view().route).toBe('onboarding/personalization');
    kitchen.send({ type: 'NEXT' });
    kitchen.send({ type: 'NEXT' });
    expect(kitchen.view().route).toBe('create-kitchen/upload-image');
  });
});

describe('§2, §6 boot data and authorisation', () => {
  it('invalid boot data leads to access denied, wherever the user goes', () => {
    const kitchen = startKitchen({ input: { userId: null } });
    expect(kitchen.view().route).toBe('access-denied');
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/upload-image' });
    expect(kitchen.view().route).toBe('access-denied');
  });

  it('a refused authorisation leads to access denied', async () => {
    const kitchen = startKitchen({
      actors: { authorizeUser: fromPromise(async () => Promise.reject(new Error('Forbidden'))) },
    });
    await kitchen.until((snapshot) => snapshot.matches({ session: 'denied' }));
    expect(kitchen.view().route).toBe('access-denied');
  });
});

describe('§7 generation', () => {
  it('keeps the Generations-Remaining count on success', async () => {
    const kitchen = startKitchen();
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'yes' });
    kitchen.send({ type: 'GENERATE' });
    expect(kitchen.view()).toMatchObject({ route: 'your-kitchen', isGenerating: true });
    await kitchen.until((snapshot) => snapshot.matches({ routes: { 'your-kitchen': 'result' } }));
    expect(kitchen.context()).toMatchObject({
      remainingGenerations: 4,
      lastGeneratedImageDataUrl: '/api/v1/images/result',
      emptyRoomId: '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e',
    });
  });

  it('keeps the Generations-Remaining count on error, and shows the error', async () => {
    const kitchen = startKitchen({
      actors: {
        generateKitchen: fromPromise(async () =>
          Promise.reject({ message: 'The renderer failed.', remainingGenerations: 5 }),
        ),
      },
    });
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'yes' });
    kitchen.send({ type: 'GENERATE' });
    await kitchen.until((snapshot) => snapshot.hasTag('error'));
    expect(kitchen.view().error).toBe('The renderer failed.');
    expect(kitchen.context().remainingGenerations).toBe(5);
  });

  it('a refusal goes back to the page with its message, and Generate waits for the wait the service named', async () => {
    const refusal = {
      message: "Today's budget is spent.",
      remainingGenerations: 4,
      refusal: { retryAfterMs: 50 },
    };
    let attempts = 0;
    const kitchen = startKitchen({
      actors: {
        generateKitchen: fromPromise(async () => {
          attempts += 1;
          return Promise.reject(refusal);
        }),
      },
    });
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'yes' });
    kitchen.send({ type: 'GENERATE' });
    await kitchen.until((snapshot) => snapshot.matches({ generationGate: 'refused' }));
    expect(kitchen.view()).toMatchObject({
      route: 'your-kitchen',
      error: null,
      isGenerating: false,
      generationRefusal: "Today's budget is spent.",
    });
    expect(kitchen.context().remainingGenerations).toBe(4);
    // Generate is not offered while the gate is closed, on the page or back on the last step.
    kitchen.send({ type: 'NAVIGATE', route: 'create-kitchen/kitchen-island' });
    kitchen.send({ type: 'GENERATE' });
    expect(kitchen.view()).toMatchObject({ route: 'create-kitchen/kitchen-island', isGenerating: false });
    expect(attempts).toBe(1);
    await kitchen.until((snapshot) => snapshot.matches({ generationGate: 'open' }));
    expect(kitchen.view().generationRefusal).toBeNull();
    kitchen.send({ type: 'GENERATE' });
    expect(kitchen.view().isGenerating).toBe(true);
    await kitchen.until((snapshot) => snapshot.matches({ generationGate: 'refused' }));
    expect(attempts).toBe(2);
  });

  it('with no generations left, Generate does nothing', async () => {
    const kitchen = startKitchen({
      actors: { authorizeUser: fromPromise(async () => ({ remainingGenerations: 0 })) },
    });
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'yes' });
    kitchen.send({ type: 'GENERATE' });
    expect(kitchen.view().route).toBe('create-kitchen/kitchen-island');
  });
});

describe('side by side (issue 16)', () => {
  it('refuses kitchens the history shows were made from different photos; a job it does not list passes', async () => {
    const kitchen = startKitchen({
      actors: { loadGenerationHistory: fromPromise(async () => sample.pastKitchens) },
    });
    await walkTo(kitchen, 'kitchen-island');
    kitchen.send({ type: 'STEP.CHOSEN', step: 'kitchen-island', value: 'yes' });
    kitchen.send({ type: 'GENERATE' });
    await kitchen.until((snapshot) => snapshot.context.generationHistory.length > 0);
    const result = { routes: { 'your-kitchen': { result: 'single' } } } as const;
    expect(kitchen.actor.getSnapshot().matches(result)).toBe(true);
    kitchen.send({ type: 'COMPARE.OPEN', jobIds: sample.MIXED_PHOTO_JOB_IDS });
    expect(kitchen.actor.getSnapshot().matches(result)).toBe(true);
    expect(kitchen.context().comparison).toBeNull();
    // A job the history does not list cannot be told apart: the chart lets the server answer for it.
    kitchen.send({ type: 'COMPARE.OPEN', jobIds: sample.COMPARED_JOB_IDS });
    expect(kitchen.context().comparison?.jobIds).toEqual(sample.COMPARED_JOB_IDS);
  });
});
