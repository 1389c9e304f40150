// What the user sees when something goes wrong: a photo the moderation rejects (the deterministic rule of
// MODERATION=rule judges a magenta picture unsafe), and a catalogue call that fails, which shows the error
// screen until 'Try again'.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, cataloguePaths } from '../../contract/endpoints';
import { expectNoAxeViolations } from '../../tooling/browser';
import {
  checkedLabel,
  chooseFirstIn,
  choosePhoto,
  magentaPhoto,
  nextButton,
  photoOutcome,
  stepPath,
  waitForGroup,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite({ moderation: 'rule' });

const FAILURE_MESSAGE = 'The door-style catalogue is resting for a moment.';

describe('a photo the moderation rejects', () => {
  it('says so, and Next stays blocked with its reason', async () => {
    const { page } = suite;
    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');
    await choosePhoto(page, await magentaPhoto());
    expect(await photoOutcome(page)).toBe('rejected');
    const alert = page.getByRole('alert').filter({ hasText: "We can't use this photo." });
    expect(await alert.textContent()).toContain('please choose another photo of your kitchen');

    const next = nextButton(page);
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    const reasonId = await next.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(
      'Add a photo of your kitchen that passes our check to continue.',
    );
    // Playwright refuses to click an aria-disabled button; a user can, and nothing happens.
    await next.click({ force: true });
    await expectNoAxeViolations(page, 'upload-image (photo rejected)');
    expect(new URL(page.url()).pathname).toBe(stepPath('upload-image'));

    // A kitchen photo afterwards passes and unblocks Next.
    await choosePhoto(page, await kitchenPhotoFile());
    expect(await photoOutcome(page)).toBe('ready');
    expect(await next.getAttribute('aria-disabled')).toBe('false');
  });
});

describe('a catalogue call that fails', () => {
  it("shows 'Something went wrong' with the message, and 'Try again' loads the step", async () => {
    const { page } = suite;
    // The real server answers once the test stops failing the call on its behalf.
    let failing = true;
    await page.route(`**${API_PREFIX}${cataloguePaths.doorStyleGroups.path}*`, async (route: Route) => {
      if (!failing) return route.continue();
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: FAILURE_MESSAGE }),
      });
    });

    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');
    await choosePhoto(page, await kitchenPhotoFile());
    expect(await photoOutcome(page)).toBe('ready');
    await nextButton(page).click();
    await waitForStep(page, 'design');

    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText(FAILURE_MESSAGE, { exact: true }).waitFor();
    expect(await page.locator('input[type="radio"][name="door-style"]').count()).toBe(0);
    await expectNoAxeViolations(page, 'error (wizard design step)');

    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Trying again…' }).waitFor();
    await waitForGroup(page, 'door-style');
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    expect(await chooseFirstIn(page, 'door-style')).toBe('Shaker');
    expect(await checkedLabel(page, 'door-style')).toBe('Shaker');
  });
});
