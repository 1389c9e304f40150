// Marking the kitchen (issue 22) in real Chromium against the real server: a made kitchen with known masks is
// uploaded, marked with a few mouse strokes in the worker-backed tool, and saved; the server then holds each
// surface's mask at the photo's size, close to the truth. Keyboard marking, undo, skip and axe on the way.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRUSH_ROWS } from '../../src/marking/brushes';
import { MarkingSession } from '../../src/marking/marking-session';
import { MARKING_WORDS } from '../../src/screens/wizard/steps/PhotoMarkingPanel';
import { DESKTOP_VIEWPORT, expectNoAxeViolations, MOBILE_VIEWPORT } from '../../tooling/browser';
import { choosePhoto, photoOutcome } from '../../tooling/kitchen-driver';
import { KITCHENS_TO_MARK, kitchenToMark } from '../../tooling/known-kitchen-marking';
import { knownKitchen } from '../../tooling/known-kitchens';
import {
  dragStroke,
  dragStrokes,
  markingCanvas,
  markingReady,
  sharesOf,
  waitForOverlayOf,
} from '../../tooling/marking-driver';
import { markUntil } from '../../tooling/marking-visitor';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

// Navy fronts on a Carrara worktop, L-shape with island, 1200 × 900: stored as uploaded (PNG to JPEG, same size).
const NAVY = KITCHENS_TO_MARK[1];
if (!NAVY) throw new Error('The navy kitchen is not among the kitchens to mark');
const kitchen = await knownKitchen({ width: 1200, ...NAVY.options });
const toMark = await kitchenToMark(NAVY.name, NAVY.options);
const GOAL = { fronts: 0.9, worktop: 0.85 };
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
  it('grows a visitor’s strokes into fronts and worktop masks stored with the photo at its size', async () => {
    const { page } = suite;
    // The strokes a simulated visitor needs on this kitchen in Node (offers left aside: they are taps on
    // areas the browser's own superpixels decide), replayed with the mouse in the browser.
    const { width, height } = kitchen.picture;
    const plan = markUntil(new MarkingSession(toMark.picture), toMark.truth, GOAL, 30, {
      acceptOffers: false,
    });
    expect(plan.at(-1)?.iou.fronts).toBeGreaterThanOrEqual(GOAL.fronts);
    expect(plan.at(-1)?.iou.worktop).toBeGreaterThanOrEqual(GOAL.worktop);
    await openMarking();
    await expectNoAxeViolations(page, 'marking');

    const strokes = plan.flatMap(({ mark }) =>
      mark.kind === 'stroke'
        ? [{ brushLabel: BRUSH_ROWS[mark.brush].label, points: sharesOf(mark.points, { width, height }) }]
        : [],
    );
    const marks = strokes.length;
    await dragStrokes(page, strokes, async (made) => {
      if (made !== 1) return;
      // The first front offers the other cabinets; turned down here, it goes away until the next mark.
      await page.getByText(/like your fronts too/).waitFor();
      await expectNoAxeViolations(page, 'marking with an overlay and an offer');
      // Adding is a choice, not the way on: the primary button stays "Use this marking".
      expect(await button('Add them').getAttribute('class')).not.toContain('button--primary');
      const before = await button('Use this marking').boundingBox();
      await button('No thanks').click();
      await page.getByText(/like your fronts too/).waitFor({ state: 'hidden' });
      // Turning the offer down moves nothing on the page (it once scrolled the photo under the pointer).
      expect((await button('Use this marking').boundingBox())?.y).toBe(before?.y);
    });
    // Undo takes back the last stroke, and the overlay follows; the stroke is then made again.
    await button('Undo').click();
    await waitForOverlayOf(page, marks - 1);
    const last = strokes.at(-1)?.points;
    if (last) {
      await dragStroke(page, [last[0] ?? [0, 0], last.at(-1) ?? [0, 0]]);
      await waitForOverlayOf(page, marks);
    }

    await button('Use this marking').click();
    await page.getByText(MARKING_WORDS.marked).waitFor();
    const imageId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('create-kitchen-storage') ?? '{}').state?.inputImageId as string,
    );
    const listed = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      `/api/v1/images/${imageId}/masks`,
    );
    expect(listed).toMatchObject({ width, height, surfaces: ['fronts', 'worktop'] });
    const fronts = await storedMask(imageId, 'fronts');
    const worktop = await storedMask(imageId, 'worktop');
    expect([fronts.width, fronts.height]).toEqual([width, height]);
    // The browser grows from its own JPEG of the photo, so a little below the Node figures is allowed.
    expect(iou(fronts.plane, kitchen.masks.planes.fronts)).toBeGreaterThan(GOAL.fronts - 0.05);
    expect(iou(worktop.plane, kitchen.masks.planes.worktop)).toBeGreaterThan(GOAL.worktop - 0.05);
    await expectNoAxeViolations(page, 'photo step, marked');

    // Changing the marking opens the saved strokes, after a reload too, and undo reaches back into them.
    await page.reload();
    await button(MARKING_WORDS.change).click();
    await waitForOverlayOf(page, marks);
    await button('Undo').click();
    await waitForOverlayOf(page, marks - 1);
    await button('Cancel').click();
  });

  it('on a phone at 4×, keeps the brushes and Undo in reach, and the Back / Next bar off the photo', async () => {
    const { page } = suite;
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await openMarking();
      for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Zoom in' }).click();
      const viewport = page.locator('.marking__viewport');
      // Scrolled to the photo's foot: the toolbar floats at the top of the screen, the bar stays below the photo.
      await viewport.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const screen = MOBILE_VIEWPORT.height;
      for (const control of [page.getByRole('radio', { name: /^Worktop/ }), button('Undo')]) {
        const box = await control.boundingBox();
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? screen) + (box?.height ?? 0)).toBeLessThanOrEqual(screen);
      }
      const photo = await viewport.boundingBox();
      const bar = await page.locator('.wizard-nav').boundingBox();
      expect(bar?.y).toBeGreaterThanOrEqual((photo?.y ?? 0) + (photo?.height ?? 0));
    } finally {
      await page.setViewportSize(DESKTOP_VIEWPORT);
    }
  });

  it('marks with the keyboard alone, clears, and can be skipped', async () => {
    const { page } = suite;
    await openMarking();
    // The photo takes focus like any control; Space marks under the cursor, which starts in the middle.
    await markingCanvas(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await waitForOverlayOf(page, 1);
    expect(await overlayMarks()).toBe(1);
    await button('Clear').click();
    await waitForOverlayOf(page, 0);
    await expect(button('Use this marking').isDisabled()).resolves.toBe(true);
    await button('Skip marking').click();
    await page.getByText(MARKING_WORDS.skipped).waitFor();
    await expectNoAxeViolations(page, 'photo step, marking skipped');
  });
});
