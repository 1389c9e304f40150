// Issue 36, item 2, in real Chromium: the result shows the change at first sight. The comparison opens where the
// kitchen changed (here a band in the left half of the photo, which the middle would have hidden), its Before and
// After labels stand on either side of the handle and follow it, and on a 390 × 844 phone the page is at most
// about 2,000 px tall, the picture and its actions first.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tooling/browser';
import { completeWizard, generateButton, waitForGenerationEnd } from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

/** The phone's page height the issue aims for. */
const PHONE_PAGE_MOST_PX = 2000;
/** The changed band, as fractions of the photo's width: its centre is at 25%. */
const BAND = { from: 0.1, to: 0.4 };

/** The photo with a band of it recolored: the result the server is made to answer. */
async function photoChangedInBand(photo: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const left = Math.round(width * BAND.from);
  const band = await sharp({
    create: {
      width: Math.round(width * (BAND.to - BAND.from)),
      height,
      channels: 3,
      background: { r: 200, g: 40, b: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(photo)
    .composite([{ input: band, left, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const box = async (selector: string) => {
  const found = await suite.page.locator(selector).boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
};

describe('the result at first sight', () => {
  it('opens the comparison where the change is, labels beside the handle, on a page of one phone screen or so', async () => {
    const { page } = suite;
    const photo = await kitchenPhotoFile();
    const result = await photoChangedInBand(photo.buffer);
    // The kitchen picture the page loads is the changed photo; the before photo is the page's own.
    await page.route('**/api/v1/images/*', (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ status: 200, contentType: 'image/jpeg', body: result })
        : route.fallback(),
    );
    await page.goto('/create-kitchen/upload-image');
    await completeWizard(page, photo);
    await generateButton(page).click();
    expect(await waitForGenerationEnd(page)).toBe('result');
    const slider = page.getByRole('slider', { name: 'Compare before and after' });
    await expect.poll(() => slider.inputValue()).not.toBe('50');
    expect(Number(await slider.inputValue())).toBeGreaterThanOrEqual(22);
    expect(Number(await slider.inputValue())).toBeLessThanOrEqual(28);

    // Before on the handle's left, After on its right, at the opening and after a move.
    for (const moveTo of [null, '70']) {
      if (moveTo) await slider.fill(moveTo);
      const divider = await box('.compare__divider');
      const before = await box('.compare__tag--before');
      const after = await box('.compare__tag--after');
      const handleX = divider.x + divider.width / 2;
      expect(before.x + before.width).toBeLessThan(handleX);
      expect(before.x + before.width).toBeGreaterThan(handleX - 40);
      expect(after.x).toBeGreaterThan(handleX);
      expect(after.x).toBeLessThan(handleX + 40);
    }

    // One phone screen or so: the picture, then Download, then the rest, folded.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      PHONE_PAGE_MOST_PX,
    );
    const picture = await box('.compare');
    const download = await page.getByRole('link', { name: 'Download image' }).boundingBox();
    expect(download?.y ?? Infinity).toBeLessThan(844);
    expect(download?.y ?? 0).toBeGreaterThan(picture.y + picture.height);
    // The folded choices open with their title, and their Change buttons are there.
    await page.locator('summary', { hasText: 'Your Choices' }).click();
    await page.getByRole('button', { name: 'Change the layout' }).waitFor();
    await expectNoAxeViolations(page, 'result, choices unfolded');
  });
});
