// "Your kitchen" through the built app in real Chromium (issue 33): a visitor marks a made kitchen (its fronts and
// worktop known to the pixel), goes to the front colour step, and the picture changes where the fronts are when
// they choose another colour, while what they did not mark stays the photo's own; the toggle shows the photo as it is.
// No timing here: the live-preview benchmark measures (scripts/bench/live-preview.ts).
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { MARKING_WORDS } from '../../src/screens/wizard/steps/PhotoMarkingPanel';
import { PHOTO_AS_IT_IS } from '../../src/screens/wizard/YourKitchenPreview';
import { expectNoAxeViolations } from '../../tooling/browser';
import { card, choosePhoto, nextChoosingFirst, photoOutcome, stepPath } from '../../tooling/kitchen-driver';
import { knownKitchen } from '../../tooling/known-kitchens';
import { markMadeKitchen } from '../../tooling/marking-driver';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

const kitchen = await knownKitchen({ width: 1200 });
const { width, height } = kitchen.picture;

const painted = () => suite.page.locator('canvas.step-preview__painted');
const paintedCount = async () => Number((await painted().getAttribute('data-painted')) ?? '0');

/** A PNG data URL drawn in the page (the canvas as shown, or the photo drawn at the canvas's size), as RGB. */
async function rgbOf(dataUrl: string): Promise<Buffer> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return sharp(png).removeAlpha().raw().toBuffer();
}

const canvasPixels = async () =>
  rgbOf(await painted().evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL()));

/** The photo under the canvas, as the browser draws it at the canvas's size. */
const photoPixels = async () =>
  rgbOf(
    await suite.page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas.step-preview__painted');
      const photo = document.querySelector<HTMLImageElement>('img.step-preview__photo');
      if (!canvas || !photo) throw new Error('The preview is not on screen');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      copy.getContext('2d')?.drawImage(photo, 0, 0, canvas.width, canvas.height);
      return copy.toDataURL();
    }),
  );

/** `plane` spread `margin` pixels along lines of `length` pixels `step` apart; `lines` of them, each `next` on. */
function spread(
  plane: Uint8Array,
  margin: number,
  along: { step: number; length: number; lines: number; next: number },
) {
  const { step, length, lines, next } = along;
  const out = new Uint8Array(plane.length);
  for (let line = 0; line < lines; line += 1)
    for (let at = 0; at < length; at += 1)
      if (plane[line * next + at * step])
        for (let to = Math.max(0, at - margin); to <= Math.min(length - 1, at + margin); to += 1)
          out[line * next + to * step] = 1;
  return out;
}

/** Each pixel within `margin` pixels of a marked one (a box around each): the feathered edge and a stroke's spill. */
const near = (plane: Uint8Array, margin: number) =>
  spread(spread(plane, margin, { step: 1, length: width, lines: height, next: width }), margin, {
    step: width,
    length: height,
    lines: width,
    next: 1,
  });

/** A mask the server stores with the visitor's photo, as one grey plane at the photo's size. */
async function storedMask(surface: string): Promise<Uint8Array> {
  const bytes = await suite.page.evaluate(async (name) => {
    const imageId = JSON.parse(localStorage.getItem('create-kitchen-storage') ?? '{}').state?.inputImageId;
    const response = await fetch(`/api/v1/images/${imageId}/masks/${name}`);
    return [...new Uint8Array(await response.arrayBuffer())];
  }, surface);
  return sharp(Buffer.from(bytes)).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
}

const differs = (a: Buffer, b: Buffer, pixel: number, by: number) =>
  [0, 1, 2].some((channel) => Math.abs((a[pixel * 3 + channel] ?? 0) - (b[pixel * 3 + channel] ?? 0)) > by);

it('shows the visitor’s own kitchen in the colour they choose, and the photo as it is on the toggle', async () => {
  // On a phone (the suite's page): the picture above the options, its canvas at the full working size.
  const { page } = suite;
  await page.goto(stepPath('upload-image'));
  await choosePhoto(page, { name: 'kitchen.png', mimeType: 'image/png', buffer: kitchen.picture.bytes });
  expect(await photoOutcome(page)).toBe('ready');
  await markMadeKitchen(page, MARKING_WORDS.start);
  await page.getByText(MARKING_WORDS.marked).waitFor();
  await nextChoosingFirst(page, ['design', 'finishing', 'frontal-color']);
  // The first colour's picture, once painted: the status line no longer says it is updating.
  await page.getByText('Updating your kitchen…').waitFor({ state: 'hidden' });
  await expect.poll(paintedCount).toBeGreaterThan(0);
  const before = await canvasPixels();
  const shown = await paintedCount();
  // Another colour group (the first is whites, as the kitchen's own fronts), and its first colour.
  const groups = page.locator('input[type="radio"][name="front-colour-group"]');
  await card(page, 'front-colour-group', (await groups.count()) - 1).click();
  await card(page, 'front-colour', 0).click();
  await expect.poll(paintedCount).toBeGreaterThan(shown);
  await page.getByText('Updating your kitchen…').waitFor({ state: 'hidden' });
  const after = await canvasPixels();
  const photo = await photoPixels();
  expect(after.length).toBe(width * height * 3);

  // The surfaces as the visitor marked them, stored with the photo (a stroke may grow past the true fronts).
  const fronts = await storedMask('fronts');
  const worktop = await storedMask('worktop');
  let frontPixels = 0;
  let frontsChanged = 0;
  const marked = near(
    fronts.map((value, pixel) => value || (worktop[pixel] ?? 0)),
    16,
  );
  let unmarked = 0;
  let unmarkedAsPhoto = 0;
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    if ((fronts[pixel] ?? 0) >= 128) {
      frontPixels += 1;
      if (differs(before, after, pixel, 12)) frontsChanged += 1;
    } else if (!marked[pixel]) {
      unmarked += 1;
      if (!differs(after, photo, pixel, 6)) unmarkedAsPhoto += 1;
    }
  }
  // The new colour shows where the fronts are marked.
  expect(frontsChanged / frontPixels).toBeGreaterThan(0.9);
  // Away from what is marked (and its soft edges), the picture is the photo's own.
  expect(unmarkedAsPhoto / unmarked).toBeGreaterThan(0.99);
  await expectNoAxeViolations(page, 'front colour with your kitchen');

  // The toggle shows the photo as it is: the painted picture hidden, the photo named so.
  const toggle = page.getByRole('button', { name: 'Show my photo as it is' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => painted().isVisible()).toBe(false);
  expect(await page.getByRole('img', { name: PHOTO_AS_IT_IS, exact: true }).isVisible()).toBe(true);
});
