// Routes as a user meets them in the address bar: deep links and the spec's redirects, history (Back and
// Forward, and which entries exist), a reload in the middle of the wizard, and the keyboard alone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tooling/browser';
import {
  backButton,
  checkedLabel,
  chooseFirstOptions,
  choosePhoto,
  focusedElement,
  nextButton,
  photoOutcome,
  type SpecStepId,
  specStep,
  stepPath,
  tabTo,
  waitForGroup,
  waitForHeading,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

const KITCHEN_PHOTO = await kitchenPhotoFile();

const pathname = (page: Page) => new URL(page.url()).pathname;

/** On step `id`, the group's chosen option reads `label`, once its options have loaded. */
async function expectChoice(page: Page, id: SpecStepId, group: string, label: string): Promise<void> {
  await waitForStep(page, id);
  await waitForGroup(page, group);
  await expect.poll(() => checkedLabel(page, group)).toBe(label);
}

/** Upload a real photo, then Next through design and finishing choosing the first options: to Front Color. */
async function reachFrontColour(page: Page): Promise<void> {
  await page.goto(stepPath('upload-image'));
  await waitForStep(page, 'upload-image');
  await choosePhoto(page, KITCHEN_PHOTO);
  expect(await photoOutcome(page)).toBe('ready');
  for (const id of ['design', 'finishing', 'frontal-color'] as const) {
    await nextButton(page).click();
    await waitForStep(page, id);
    if (id !== 'frontal-color') await chooseFirstOptions(page, id);
  }
}

async function expectFocusOnHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => focusedElement(page)).toEqual({ tag: 'h1', text: title, isRouteHeading: true });
}

describe('deep links and redirects', () => {
  it('sends a fresh visit to a late step back to the upload step, replacing the history entry', async () => {
    const { page } = suite;
    await page.goto('/');
    await waitForHeading(page, 'See Your Kitchen Reimagined');
    await page.goto(stepPath('material-preview'));
    await waitForStep(page, 'upload-image');
    await page.goBack();
    await waitForHeading(page, 'See Your Kitchen Reimagined');
    expect(pathname(page)).toBe('/');
  });

  it.each([
    ['/onboarding', '/onboarding/how-it-works', 'How It Works'],
    ['/onboarding/nope', '/onboarding/how-it-works', 'How It Works'],
    ['/create-kitchen', stepPath('upload-image'), specStep('upload-image').title],
  ])('redirects %s to %s', async (asked, landed, title) => {
    const { page } = suite;
    await page.goto(asked);
    await waitForHeading(page, title);
    expect(pathname(page)).toBe(landed);
  });

  it('shows Not Found for an unknown address, keeping the address, with a 404', async () => {
    const { page } = suite;
    expect((await page.goto('/nowhere'))?.status()).toBe(404);
    await waitForHeading(page, 'Not Found');
    expect(pathname(page)).toBe('/nowhere');
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    await expectNoAxeViolations(page, 'not found');
  });

  it('shows the access-denied screen at its own address', async () => {
    const { page } = suite;
    await page.goto('/access-denied');
    await waitForHeading(page, 'Access Denied');
    await page.getByRole('link', { name: 'Reload the app' }).waitFor();
    await expectNoAxeViolations(page, 'access denied');
  });
});

describe('history and persistence', () => {
  it('moves between steps with Back and Forward, and keeps the step and the choices over a reload', async () => {
    const { page } = suite;
    await reachFrontColour(page);

    await page.goBack();
    await expectChoice(page, 'finishing', 'finish', 'Matt');
    await page.goBack();
    await expectChoice(page, 'design', 'door-style', 'Shaker');
    await page.goForward();
    await expectChoice(page, 'finishing', 'finish', 'Matt');
    await page.goForward();
    await waitForStep(page, 'frontal-color');

    await chooseFirstOptions(page, 'frontal-color');
    const colour = await checkedLabel(page, 'front-colour');
    await page.reload();
    await waitForStep(page, 'frontal-color');
    await expectChoice(page, 'frontal-color', 'front-colour-group', 'Whites');
    await expectChoice(page, 'frontal-color', 'front-colour', colour ?? '');
    expect(await nextButton(page).getAttribute('aria-disabled')).toBe('false');

    await backButton(page).click();
    await expectChoice(page, 'finishing', 'finish', 'Matt');
    await backButton(page).click();
    await expectChoice(page, 'design', 'door-style', 'Shaker');
  });
});

describe('the keyboard alone', () => {
  it('completes the first steps, and each step change puts focus on its heading', async () => {
    const { page } = suite;
    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');

    // The file input is the "Choose a file" button: Enter on it opens the file chooser. Waiting for the
    // chooser starts first, since Playwright begins intercepting choosers only once someone waits for one.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, 'input[type="file"]:not([capture])');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(KITCHEN_PHOTO);
    expect(await photoOutcome(page)).toBe('ready');

    await tabTo(page, 'button', 'Next');
    await page.keyboard.press('Enter');
    await waitForStep(page, 'design');
    await expectFocusOnHeading(page, specStep('design').title);

    for (const [group, following] of [
      ['door-style', 'finishing'],
      ['finish', 'frontal-color'],
    ] as const) {
      await waitForGroup(page, group);
      // Tab enters the radio group on its first option; Space chooses it.
      await tabTo(page, `input[type="radio"][name="${group}"]`);
      await page.keyboard.press('Space');
      await expect.poll(() => checkedLabel(page, group)).not.toBeNull();
      await tabTo(page, 'button', 'Next');
      await page.keyboard.press('Enter');
      await waitForStep(page, following);
      await expectFocusOnHeading(page, specStep(following).title);
    }

    await tabTo(page, 'button', 'Back');
    await page.keyboard.press('Enter');
    await waitForStep(page, 'finishing');
    await expectFocusOnHeading(page, specStep('finishing').title);
    // The heading takes focus at once; the step's options come from the catalogue a moment later.
    await expectChoice(page, 'finishing', 'finish', 'Matt');
  });
});
