// Issue 36, item 1, in real Chromium on a 390 px phone: the step list scrolls sideways, and the wide
// "Handles (skipped)" of a door style made with handles only is never cut by its left edge (a number cut at the
// right edge says there is more), nor is the current step.
import { describe, expect, it } from 'vitest';
import {
  chooseFirstOptions,
  choosePhoto,
  nextButton,
  photoOutcome,
  stepPath,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

/** The skipped or current steps partly inside and partly outside the list's visible width, by their text. */
const cutSteps = () =>
  suite.page.locator('.step-list ol').evaluate((list) => {
    const edge = list.getBoundingClientRect();
    return [...list.querySelectorAll('.step-list__item--skipped, .step-list__item--current')]
      .filter((item) => {
        const box = item.getBoundingClientRect();
        const inside = box.right > edge.left && box.left < edge.right;
        const whole = box.left >= edge.left - 0.5 && box.right <= edge.right + 0.5;
        return inside && !whole;
      })
      .map((item) => item.textContent ?? '');
  });

describe('the step list on a phone', () => {
  it('never cuts the skipped Handles or the current step, and shows Handles whole beside the step after it', async () => {
    const { page } = suite;
    await page.goto(stepPath('upload-image'));
    await choosePhoto(page, await kitchenPhotoFile());
    expect(await photoOutcome(page)).toBe('ready');
    await nextButton(page).click();
    await waitForStep(page, 'design');
    // Shaker, the first style, is made with handles only: the Handles step is skipped.
    expect(await chooseFirstOptions(page, 'design')).toEqual(['Shaker']);
    for (const id of ['finishing', 'frontal-color', 'material', 'material-color'] as const) {
      await nextButton(page).click();
      await waitForStep(page, id);
      expect(await cutSteps(), id).toEqual([]);
      if (id === 'finishing') expect(await page.getByText('(skipped)').isVisible()).toBe(true);
      await chooseFirstOptions(page, id);
    }
  });
});
