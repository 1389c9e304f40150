// Marking the kitchen (issue 22) in real Chromium against the real server: a made kitchen with known masks is
// uploaded, marked with a few mouse strokes in the worker-backed tool, and saved; the server then holds each
// surface's mask at the photo's size, close to the truth. Keyboard marking, undo, skip and axe on the way.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MARKING_WORDS } from '../../src/screens/wizard/steps/PhotoMarkingPanel';
import { expectNoAxeViolations } from '../support/browser';
import { knownKitchen } from '../support/known-kitchens';
import { setUpBrowserSuite } from './browser-suite';
import { choosePhoto, photoOutcome } from './kitchen-driver';
import { chooseBrush, dragStroke, markedProgress, markingCanvas, markingReady } from './marking-driver';

const suite = setUpBrowserSuite();

// Navy fronts on a Carrara worktop, L-shape with island, 1200 × 900: stored as uploaded (PNG to JPEG, same size).
const kitchen = await knownKitchen({
  width: 1200,
  front: { group: 'Shaker', finish: 'Matt', colour: 'Navy' },
  worktop: { material: 'Quartz', colour: 'Carrara White', finish: 'Polished' },
});
const PHOTO = { name: 'navy-kitchen.png', mimeType: 'image/png', buffer: kitchen.picture.bytes };

const button = (name: string) => suite.page.getByRole('button', { name, exact: true });

async function openMarking(): Promise<void> {
  const { page } = suite;
  await page.goto('/create-kitchen/upload-image');
  await choosePhoto(page, PHOTO);
  expect(await photoOutcome(page)).toBe('ready');
  await page.getByText(MARKING_WORDS.invite).waitFor();
  await button(MARKING_WORDS.start).click();
  await markingReady(page);
}

/** How many marks the overlay on screen was grown from. */
const overlayMarks = async () => Number(await markingCanvas(suite.page).getAttribute('data-overlay-marks'));
async function waitForOverlayOf(marks: number): Promise<void> {
  await suite.page.waitForFunction(
    (wanted) =>
      document.querySelector('canvas.marking__overlay')?.getAttribute('data-overlay-marks') === `${wanted}`,
    marks,
  );
}

/** A mask the server stores for the signed-in visitor's photo, decoded to one grey plane. */
async function storedMask(imageId: string, surface: string) {
  const bytes = await suite.page.evaluate(async (url) => {
    const response = await fetch(url);
    return [...new Uint8Array(await response.arrayBuffer())];
  }, `/api/v1/images/${imageId}/masks/${surface}`);
  const { data, info } = await sharp(Buffer.from(bytes))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { plane: data, width: info.width, height: info.height };
}

function iou(plane: Uint8Array, truth: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let pixel = 0; pixel < truth.length; pixel++) {
    const marked = (plane[pixel] ?? 0) >= 128;
    const isTrue = (truth[pixel] ?? 0) >= 128;
    if (marked && isTrue) both++;
    if (marked || isTrue) either++;
  }
  return both / either;
}

describe('marking the kitchen in the photo', () => {
  it('grows a few strokes into fronts and worktop masks stored with the photo at its size', async () => {
    const { page } = suite;
    await openMarking();
    await expectNoAxeViolations(page, 'marking');

    // The island's doors and drawers, then the look-alikes on offer (the other cabinets), accepted.
    await dragStroke(page, [
      [0.3, 0.76],
      [0.7, 0.76],
    ]);
    await markedProgress(page).waitFor();
    await button('Add them').click();
    await waitForOverlayOf(2);
    await chooseBrush(page, 'Worktop');
    await dragStroke(page, [
      [0.3, 0.61],
      [0.7, 0.61],
    ]);
    await dragStroke(page, [
      [0.03, 0.62],
      [0.2, 0.58],
    ]);
    await waitForOverlayOf(4);
    await expectNoAxeViolations(page, 'marking with an overlay');

    // Undo takes back the last stroke; the overlay follows.
    await button('Undo').click();
    await waitForOverlayOf(3);
    await dragStroke(page, [
      [0.03, 0.62],
      [0.2, 0.58],
    ]);
    await waitForOverlayOf(4);

    await button('Use this marking').click();
    await page.getByText(MARKING_WORDS.marked).waitFor();
    const imageId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('create-kitchen-storage') ?? '{}').state?.inputImageId as string,
    );
    const listed = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      `/api/v1/images/${imageId}/masks`,
    );
    expect(listed).toMatchObject({ width: 1200, height: 900, surfaces: ['fronts', 'worktop'] });
    const fronts = await storedMask(imageId, 'fronts');
    const worktop = await storedMask(imageId, 'worktop');
    expect([fronts.width, fronts.height]).toEqual([1200, 900]);
    expect(iou(fronts.plane, kitchen.masks.planes.fronts)).toBeGreaterThan(0.85);
    expect(iou(worktop.plane, kitchen.masks.planes.worktop)).toBeGreaterThan(0.8);
    await expectNoAxeViolations(page, 'photo step, marked');
  });

  it('marks with the keyboard alone, clears, and can be skipped', async () => {
    const { page } = suite;
    await openMarking();
    // The photo takes focus like any control; Space marks under the cursor, which starts in the middle.
    await markingCanvas(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await waitForOverlayOf(1);
    expect(await overlayMarks()).toBe(1);
    await button('Clear').click();
    await waitForOverlayOf(0);
    await expect(button('Use this marking').isDisabled()).resolves.toBe(true);
    await button('Skip marking').click();
    await page.getByText(MARKING_WORDS.skipped).waitFor();
    await expectNoAxeViolations(page, 'photo step, marking skipped');
  });
});
