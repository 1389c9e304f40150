// The soft "is it a kitchen?" warning in real Chromium, with the real detector (issue 22, item 4): a photo with
// no kitchen in it is kept and questioned, the warning passes axe, its one primary action opens the marking from
// the keyboard, and Next (quieter while it asks) still goes on.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tooling/browser';
import {
  choosePhoto,
  focusedElement,
  nextButton,
  photoOutcome,
  stepPath,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite({ moderation: 'nsfw' });

const bareWall = async () => ({
  name: 'wall.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d9d4cc' } })
    .jpeg()
    .toBuffer(),
});

it('asks about a photo with no kitchen in it, passes axe, and goes on from the keyboard', async () => {
  const { page } = suite;
  await page.goto(stepPath('upload-image'));
  await waitForStep(page, 'upload-image');
  await choosePhoto(page, await bareWall());
  expect(await photoOutcome(page)).toBe('ready');
  await page.getByText("We couldn't spot a fridge, oven, microwave, sink or toaster").waitFor();
  await expectNoAxeViolations(page, 'upload-image (no kitchen found)');

  const yes = page.getByRole('button', { name: 'Yes, mark its fronts and worktop' });
  for (const button of [yes, page.getByRole('button', { name: 'Choose another photo' })])
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  // One question, one primary action on the screen.
  expect(await page.locator('.button--primary:visible').count()).toBe(1);
  await yes.focus();
  await page.keyboard.press('Enter');
  // The tool opens with focus on its title; skipping it answers the question, and Next goes on.
  await page.getByRole('heading', { name: 'Mark what will change' }).waitFor();
  await expect.poll(async () => (await focusedElement(page)).text).toBe('Mark what will change');
  await page.getByRole('button', { name: 'Skip marking' }).click();
  await expect.poll(async () => (await focusedElement(page)).text).toBe('Mark fronts and worktop');
  expect(await page.getByText('Is this your kitchen?').count()).toBe(0);
  await nextButton(page).click();
  await waitForStep(page, 'design');
  expect((await focusedElement(page)).isRouteHeading).toBe(true);
});
