// Issue 16 in real Chromium against the real server: the owner makes a share link on the result page; a fresh
// browser without cookies opens it (the kitchen, the before photo the owner included, the choices, the Open
// Graph tags and a 1200 × 630 preview); after the owner revokes it, 404. The spec sheet, side by side and
// "change one thing" (back to a review) on the way; the link kept after a reload, gone when revoked, focus after
// each action (issue 25). Every new page is checked with axe.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tooling/browser';
import {
  card,
  clickUnfolded,
  completeWizard,
  generateButton,
  nextButton,
  waitForGenerationEnd,
  waitForHeading,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

async function generateKitchen(): Promise<void> {
  const { page } = suite;
  await page.goto('/create-kitchen/upload-image');
  await completeWizard(page, await kitchenPhotoFile());
  await generateButton(page).click();
  expect(await waitForGenerationEnd(page)).toBe('result');
}

describe('sharing a kitchen', () => {
  it('a link opened without cookies shows the kitchen with its Open Graph preview; revoked, it is 404', async () => {
    const { page, browser, origin } = suite;
    await generateKitchen();
    const share = page.getByRole('region', { name: 'Share' });
    await share.waitFor();
    await expectNoAxeViolations(page, 'result with sharing');
    await share.getByRole('checkbox', { name: 'Include my before photo' }).check();
    await share.getByRole('button', { name: 'Create share link' }).click();
    const field = share.getByRole('textbox', { name: /^Your link/ });
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${origin}/share/[A-Za-z0-9_-]{43}$`));
    // Focus moves into the new link, ready to copy.
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    // After a reload the live link is still shown, and still copyable.
    await page.reload();
    await share.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await field.inputValue()).toBe(link);

    const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const visit = await stranger.newPage();
      const opened = await visit.goto(link);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await visit.getByRole('heading', { level: 1, name: 'A Reimagined Kitchen' }).waitFor();
      // Both pictures load (the owner included the before photo), and the choices are listed in words.
      for (const name of [/^The reimagined kitchen/, 'The kitchen before']) {
        const picture = visit.getByRole('img', { name });
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      }
      await visit.getByText('Worktop finish', { exact: true }).waitFor();
      // On a desktop the pair uses the width, before on the left of after (issue 36).
      await visit.setViewportSize({ width: 1280, height: 800 });
      const [before, after] = await Promise.all(
        ['The kitchen before', /^The reimagined kitchen/].map((name) =>
          visit.getByRole('img', { name }).boundingBox(),
        ),
      );
      expect(before?.width).toBeGreaterThan(500);
      expect(after?.width).toBeGreaterThan(500);
      expect(before?.x ?? 0).toBeLessThan(after?.x ?? 0);
      await visit.setViewportSize({ width: 390, height: 844 });
      expect(await visit.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      expect(await visit.locator('script').count()).toBe(0);
      const ogImage = await visit.locator('meta[property="og:image"]').getAttribute('content');
      expect(ogImage).toBe(`${link}/og.jpg`);
      expect(await visit.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
      const preview = await stranger.request.get(ogImage ?? '');
      expect(preview.status()).toBe(200);
      expect(await sharp(await preview.body()).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
      await expectNoAxeViolations(visit, 'share page');

      // The product's brand, and a way into it for the visitor who was sent the link.
      expect(await visit.getByRole('link', { name: 'Reimagine your own kitchen' }).getAttribute('href')).toBe(
        '/',
      );
      await visit.getByRole('link', { name: /^Spec sheet/ }).click();
      await visit.getByRole('heading', { level: 1, name: 'Kitchen Spec Sheet' }).waitFor();
      await visit.getByText(/for a quote/).waitFor();
      // No empty Price column; a print button that prints (its script runs under the page's policy); a way back.
      expect(await visit.getByRole('columnheader', { name: 'Price' }).count()).toBe(0);
      await visit.evaluate(() => {
        (window as unknown as { printed: boolean }).printed = false;
        window.print = () => {
          (window as unknown as { printed: boolean }).printed = true;
        };
      });
      await visit.getByRole('button', { name: 'Print or save as PDF' }).click();
      expect(await visit.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
      await expectNoAxeViolations(visit, 'spec sheet (shared)');
      // On paper: the brand, the day it was made and the address to come back to, not the buttons.
      await visit.emulateMedia({ media: 'print' });
      const brand = visit.locator('.print-brand');
      expect(await brand.isVisible()).toBe(true);
      expect(await brand.textContent()).toBe(`Kitchen Reimagined${link}`);
      await visit.getByText(/^Made on \d{1,2} \w+ \d{4}$/).waitFor();
      expect(await visit.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
      await visit.emulateMedia({ media: 'screen' });
      await visit.getByRole('link', { name: 'Back to the kitchen' }).click();
      await visit.getByRole('heading', { level: 1, name: 'A Reimagined Kitchen' }).waitFor();
      expect(await stranger.cookies()).toEqual([]);

      await share.getByRole('button', { name: 'Stop sharing this link' }).click();
      await share.getByRole('button', { name: 'Stop sharing this link' }).waitFor({ state: 'detached' });
      // The dead link is gone from the panel, and focus is on what happened, not on the page's body.
      expect(await share.getByRole('textbox', { name: /^Your link/ }).count()).toBe(0);
      expect(await share.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      expect(focused).toContain('You stopped sharing that link');
      const revoked = await visit.goto(link);
      expect(revoked?.status()).toBe(404);
      await visit.getByRole('heading', { level: 1, name: 'Link Not Found' }).waitFor();
      await expectNoAxeViolations(visit, 'share link not found');
      expect((await stranger.request.get(ogImage ?? '')).status()).toBe(404);
    } finally {
      await stranger.close();
    }
  });

  it('the spec sheet, "change one thing" and side by side from the result page', async () => {
    const { page } = suite;
    await generateKitchen();
    await page.getByRole('link', { name: 'Spec sheet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kitchen Spec Sheet' }).waitFor();
    await expectNoAxeViolations(page, 'spec sheet (owner)');
    // The owner's sheet leads back to their result page.
    await page.getByRole('link', { name: 'Back to your kitchen' }).click();
    await waitForHeading(page, 'Your Kitchen');
    await expect.poll(() => page.getByRole('link', { name: 'Download image' }).isVisible()).toBe(true);

    // Change one thing: the layout. The wizard opens at that step, and the next kitchen differs only there.
    await clickUnfolded(page, 'Change the layout');
    await waitForStep(page, 'kitchen-shape');
    expect(new URL(page.url()).pathname).toBe('/create-kitchen/kitchen-shape');
    await card(page, 'kitchen-shape', 2).click();
    // Every other choice is made: Next returns to the review of all of them, with Generate.
    await nextButton(page).click();
    await page.getByRole('region', { name: 'Review Your Choices' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/your-kitchen');
    await expectNoAxeViolations(page, 'review of the choices');
    await generateButton(page).click();
    expect(await waitForGenerationEnd(page)).toBe('result');
    const choose = page.getByRole('group', { name: /Choose 2 to 4/ });
    await choose.waitFor();
    await choose.getByText('Kitchens made from this photo').waitFor();
    await choose.getByRole('checkbox').nth(0).check();
    await choose.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Compare side by side' }).click();
    const compared = page.getByRole('region', { name: 'Side by Side' });
    await compared.getByRole('img', { name: 'Kitchen 2' }).waitFor();
    // The photo both were made from, once, then the two kitchens; the photo is the owner's stored upload.
    const names = await compared
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => image.ariaLabel ?? image.getAttribute('alt')));
    expect(names).toEqual(['Your kitchen before', 'Kitchen 1', 'Kitchen 2']);
    const before = compared.getByRole('img', { name: 'Your kitchen before' });
    await expect
      .poll(() => before.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // Only the layout differs, and it is marked on both kitchens.
    const marked = compared.locator('.differs');
    expect(await marked.count()).toBe(2);
    for (const row of await marked.all()) expect(await row.locator('dt').textContent()).toBe('Layout');
    await expectNoAxeViolations(page, 'side by side');
    await compared.getByRole('button', { name: 'Close side by side' }).click();
    await compared.waitFor({ state: 'detached' });
  });
});
