// The wizard walk the benchmarks use (tooling/wizard-walk.ts, issue 26): it waits for what a person sees, never
// asks a step that skips itself for its choices, and walks again after going back, as the browser benchmark's
// later walks do (those stopped on Handles for 20 s). A walk that waits in vain says where and for what.
import { describe, expect, it } from 'vitest';
import { backButton, generateButton, specStep } from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import {
  completeStep,
  currentStep,
  LAST_STEP,
  openWithPhoto,
  waitForStepOtherThan,
  walkToLastStep,
} from '../../tooling/wizard-walk';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite({ moderation: 'rule' });

describe('the wizard walk', () => {
  it('walks to the last step, back to the photo and to the last step again, past the handles that skip themselves', async () => {
    const page = await openWithPhoto(suite.context, '', await kitchenPhotoFile());
    await walkToLastStep(page);
    expect(currentStep(page)).toBe(LAST_STEP);
    while (currentStep(page) !== 'upload-image') {
      const from = currentStep(page);
      await backButton(page).click();
      await waitForStepOtherThan(page, from);
    }
    await walkToLastStep(page);
    expect(currentStep(page)).toBe(LAST_STEP);
    expect(await generateButton(page).isEnabled()).toBe(true);
  }, 120_000);

  it('fails naming the step it left, what it waited for and what the screen showed', async () => {
    const page = await openWithPhoto(suite.context, '', await kitchenPhotoFile());
    // Nothing is clicked: the walk waits in vain on the upload step.
    await expect(waitForStepOtherThan(page, 'upload-image', 500)).rejects.toThrow(
      'The wizard walk left "upload-image" and waited 0.5 s for another step to show its title and, if it has ' +
        'choices, its first options; the screen showed /create-kitchen/upload-image with the heading',
    );
  });

  it('fails naming the step it makes choices on, the options it waited for and what the screen showed', async () => {
    const page = await openWithPhoto(suite.context, '', await kitchenPhotoFile());
    // Still on the upload step: Design Style's options never show.
    const [group] = specStep('design').groups;
    await expect(completeStep(page, 'design', 500)).rejects.toThrow(
      `The wizard walk on "design" waited 0.5 s for the first option of "${group}" to show and be chosen; the ` +
        'screen showed /create-kitchen/upload-image with the heading',
    );
  });
});
