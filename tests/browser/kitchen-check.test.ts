// The soft "is it a kitchen?" warning in real Chromium, with the real detector (issue 22, item 4): a photo with
// no kitchen in it is kept and questioned, the warning passes axe, and "Continue anyway" works from the keyboard.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tooling/browser';
import {
  choosePhoto,
  focusedElement,
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

it('asks about a photo with no kitchen in it, passes axe, and continues anyway from the keyboard', async () => {
  const { page } = suite;
  await page.goto(stepPath('upload-image'));
  await waitForStep(page, 'upload-image');
  await choosePhoto(page, await bareWall());
  expect(await photoOutcome(page)).toBe('ready');
  await page.getByText("We couldn't spot a fridge, oven, microwave, sink or toaster").waitFor();
  await expectNoAxeViolations(page, 'upload-image (no kitchen found)');

  const continueAnyway = page.getByRole('button', { name: 'Continue anyway' });
  for (const button of [continueAnyway, page.getByRole('button', { name: 'Choose another photo' })])
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await continueAnyway.focus();
  await page.keyboard.press('Enter');
  await waitForStep(page, 'design');
  expect((await focusedElement(page)).isRouteHeading).toBe(true);
});
