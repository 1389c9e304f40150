// The rules of SPEC.md §2, §4, §5 and §9, one test each, named after the rule.
import { describe, expect, it } from 'vitest';
import { readHandleStyle, resolveHandleChoice } from '../../machines/kitchen/handle-choice';
import {
  forgetIfExpired,
  freshVerdict,
  MODERATION_CACHE_TTL_MS,
  MODERATION_PURGE_INTERVAL_MS,
  purgeExpired,
  storeVerdict,
} from '../../machines/kitchen/moderation-cache';
import { routeFromPath } from '../../machines/kitchen/routes';
import {
  chooseDoorStyleGroup,
  chooseFinish,
  chooseFrontal,
  chooseFrontalColourGroup,
  chooseHandleless,
  chooseMaterial,
  chooseWorktop,
  chooseWorktopColour,
  chooseWorktopColourGroup,
  emptyFrontals,
  emptyWorktops,
} from '../../machines/kitchen/selections';
import {
  LAST_STEP,
  nextStepOf,
  previousStepOf,
  STEP_IDS,
  stepMeta,
  stepProgress,
} from '../../machines/kitchen/steps';
import { SPEC_STEP_ORDER, SPEC_STEP_TITLES, specProgress } from '../../tooling/spec-oracle';
import * as sample from './support/samples';

describe('§2 wizard steps', () => {
  it(`has the spec's ${SPEC_STEP_ORDER.length} steps in the step-list order, under /create-kitchen/`, () => {
    expect(STEP_IDS).toEqual(SPEC_STEP_ORDER);
    for (const step of SPEC_STEP_ORDER) {
      expect(stepMeta(step).path).toBe(`/create-kitchen/${step}`);
      expect(stepMeta(step).title).toBe(SPEC_STEP_TITLES[step]);
    }
  });

  it(`shows progress as (step index + 1) / ${SPEC_STEP_ORDER.length} as a percentage`, () => {
    // Close, not equal: (0 + 1) / 12 * 100 and 100 / 12 differ in the last bit.
    for (const step of SPEC_STEP_ORDER) expect(stepProgress(step)).toBeCloseTo(specProgress(step), 10);
    expect(stepProgress('upload-image')).toBeCloseTo(100 / SPEC_STEP_ORDER.length, 10);
    expect(stepProgress(LAST_STEP)).toBe(100);
  });

  it('gives each step its description from the spec', () => {
    expect(stepMeta('upload-image').description).toBe(
      'Upload a photo of your current kitchen to get started.',
    );
    expect(stepMeta('handles').description).toBe('Do you wish to have handles?');
    expect(stepMeta('material-color').description).toBe('Select a specific shade or pattern.');
    expect(stepMeta('kitchen-island').description).toBe('Will your kitchen include an island?');
  });
});

describe('§2 routes', () => {
  it('/onboarding always redirects to /onboarding/how-it-works', () => {
    expect(routeFromPath('/onboarding')).toEqual({ route: 'onboarding/how-it-works', redirected: true });
    expect(routeFromPath('/onboarding/')).toEqual({ route: 'onboarding/how-it-works', redirected: true });
  });

  it('an unknown onboarding step redirects to how-it-works', () => {
    expect(routeFromPath('/onboarding/nope')).toEqual({ route: 'onboarding/how-it-works', redirected: true });
    expect(routeFromPath('/onboarding/showcase/extra')).toEqual({
      route: 'onboarding/how-it-works',
      redirected: true,
    });
  });

  it('reads the three onboarding steps', () => {
    for (const step of ['how-it-works', 'personalization', 'showcase']) {
      expect(routeFromPath(`/onboarding/${step}`)).toEqual({
        route: `onboarding/${step}`,
        redirected: false,
      });
    }
  });

  it('/create-kitchen redirects to /create-kitchen/upload-image', () => {
    expect(routeFromPath('/create-kitchen')).toEqual({
      route: 'create-kitchen/upload-image',
      redirected: true,
    });
  });

  it('reads home, your-kitchen and access-denied, and anything else as Not Found', () => {
    expect(routeFromPath('/').route).toBe('home');
    expect(routeFromPath('/your-kitchen').route).toBe('your-kitchen');
    expect(routeFromPath('/access-denied').route).toBe('access-denied');
    expect(routeFromPath('/create-kitchen/nope').route).toBe('not-found');
    expect(routeFromPath('/kitchen').route).toBe('not-found');
  });
});

describe('§2 handles auto-skip', () => {
  it('reads handleless, yes and true as handleless, trimmed and case-insensitive', () => {
    for (const text of ['handleless', ' Handleless ', 'YES', 'true', 'True '])
      expect(readHandleStyle(text)).toBe(true);
  });

  it('reads handle, no and false as with-handle', () => {
    for (const text of ['handle', ' HANDLE', 'No', 'false']) expect(readHandleStyle(text)).toBe(false);
  });

  it('stores the one value all styles resolve to', () => {
    expect(resolveHandleChoice(['handleless', 'Yes', ' TRUE '])).toBe(true);
    expect(resolveHandleChoice(['handle', 'no'])).toBe(false);
  });

  it('does not skip when the styles differ, cannot be read, or are missing', () => {
    expect(resolveHandleChoice(['handle', 'handleless'])).toBeNull();
    expect(resolveHandleChoice(['Knob', 'Knob'])).toBeNull();
    expect(resolveHandleChoice(['handle', 'Knob'])).toBeNull();
    expect(resolveHandleChoice([])).toBeNull();
  });
});

describe('§4 steps move forward in the fixed order', () => {
  it('the last step has no next, the first no previous, and each its neighbours in the spec order', () => {
    expect(nextStepOf(LAST_STEP)).toBeNull();
    expect(previousStepOf(SPEC_STEP_ORDER[0])).toBeNull();
    // The order is the spec oracle's, so a step added there (and to the table) moves its neighbours with it.
    SPEC_STEP_ORDER.forEach((step, index) => {
      expect(nextStepOf(step)).toBe(SPEC_STEP_ORDER[index + 1] ?? null);
      expect(previousStepOf(step)).toBe(SPEC_STEP_ORDER[index - 1] ?? null);
    });
  });
});

describe('§4 frontals cascade', () => {
  const full = chooseFrontal(
    chooseFrontalColourGroup(
      chooseFinish(chooseHandleless(chooseDoorStyleGroup(emptyFrontals(), 'Shaker'), false), 'Matt'),
      'Greens',
    ),
    sample.frontals[0] as (typeof sample.frontals)[number],
  );
  const cleared = { finish: null, colorGroup: null, selectedFrontalId: null, selectedFrontalPreview: null };

  it('changing the door-style group clears finish, colour group and the selected front', () => {
    expect(chooseDoorStyleGroup(full, 'Slab')).toMatchObject({ doorStyleGroup: 'Slab', ...cleared });
  });

  it('changing the handle choice clears finish, colour group and the selected front', () => {
    expect(chooseHandleless(full, true)).toMatchObject({
      doorStyleGroup: 'Shaker',
      isHandleless: true,
      ...cleared,
    });
  });

  it('changing the finish clears colour group and selection', () => {
    expect(chooseFinish(full, 'Gloss')).toMatchObject({
      finish: 'Gloss',
      colorGroup: null,
      selectedFrontalId: null,
      selectedFrontalPreview: null,
    });
  });

  it('changing the colour group clears the selection', () => {
    expect(chooseFrontalColourGroup(full, 'Greys')).toMatchObject({
      finish: 'Matt',
      colorGroup: 'Greys',
      selectedFrontalId: null,
    });
  });

  it('choosing the same value again clears nothing', () => {
    expect(chooseDoorStyleGroup(full, 'Shaker')).toEqual(full);
    expect(chooseHandleless(full, false)).toEqual(full);
    expect(chooseFinish(full, 'Matt')).toEqual(full);
    expect(chooseFrontalColourGroup(full, 'Greens')).toEqual(full);
  });
});

describe('§4 worktops cascade', () => {
  const full = chooseWorktop(
    chooseWorktopColour(
      chooseWorktopColourGroup(chooseMaterial(emptyWorktops(), 'Quartz'), 'Whites'),
      sample.worktopColours[0] as (typeof sample.worktopColours)[number],
    ),
    sample.worktopPreviews[0] as (typeof sample.worktopPreviews)[number],
  );

  it('changing the material clears colour group, colour and selections', () => {
    expect(chooseMaterial(full, 'Granite')).toEqual({ ...emptyWorktops(), material: 'Granite' });
  });

  it('changing the colour group clears colour and selections', () => {
    expect(chooseWorktopColourGroup(full, 'Greys')).toEqual({
      ...emptyWorktops(),
      material: 'Quartz',
      colourGroup: 'Greys',
    });
  });

  it('choosing the same material or group again clears nothing', () => {
    expect(chooseMaterial(full, 'Quartz')).toEqual(full);
    expect(chooseWorktopColourGroup(full, 'Whites')).toEqual(full);
  });
});

describe('§4 moderation cache', () => {
  const stored = storeVerdict({}, 'photo-a', true, 1_000);

  it('expires entries 24 hours after storage', () => {
    expect(MODERATION_CACHE_TTL_MS).toBe(24 * 60 * 60 * 1000);
    expect(stored['photo-a']).toEqual({
      isSafe: true,
      timestamp: 1_000,
      expiresAt: 1_000 + MODERATION_CACHE_TTL_MS,
    });
    expect(freshVerdict(stored, 'photo-a', 1_000 + MODERATION_CACHE_TTL_MS - 1)?.isSafe).toBe(true);
    expect(freshVerdict(stored, 'photo-a', 1_000 + MODERATION_CACHE_TTL_MS)).toBeUndefined();
  });

  it('deletes an expired entry when it is read, and reads it as unknown', () => {
    const later = 1_000 + MODERATION_CACHE_TTL_MS;
    expect(forgetIfExpired(stored, 'photo-a', later)).toEqual({});
    expect(forgetIfExpired(stored, 'photo-a', later - 1)).toBe(stored);
  });

  it('purges expired entries every hour', () => {
    expect(MODERATION_PURGE_INTERVAL_MS).toBe(60 * 60 * 1000);
    const two = storeVerdict(stored, 'photo-b', false, 1_000 + MODERATION_CACHE_TTL_MS / 2);
    expect(Object.keys(purgeExpired(two, 1_000 + MODERATION_CACHE_TTL_MS))).toEqual(['photo-b']);
  });
});
