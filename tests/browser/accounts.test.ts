// Passkey accounts in real Chromium against the real server, with Chromium's virtual authenticator: a guest
// generates a kitchen and saves it with a passkey; a second browser profile holding the same passkey signs in and
// finds the kitchen in its history; it signs out and is a new guest, while the first stays signed in. An
// operator's disable and revoke reach open apps as /access-denied with the reason. axe on every new screen.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_DISABLE_PATH, accountPaths } from '../../contract/accounts';
import { API_PREFIX, actionPaths, SERVICE_API_KEY_HEADER } from '../../contract/endpoints';
import { PASSKEY_NOT_USABLE } from '../../src/api/accounts';
import { ACCOUNT_BUTTONS } from '../../src/components/account-buttons';
import {
  DESKTOP_VIEWPORT,
  expectNoAxeViolations,
  MOBILE_VIEWPORT,
  newAppContext,
} from '../../tooling/browser';
import {
  completeWizard,
  generateButton,
  waitForGenerationEnd,
  waitForHeading,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';
import { visitInApp } from './statechart-ui/executors';
import { addVirtualAuthenticator } from './virtual-authenticator';

const SERVICE_KEY = 'service-key-for-account-browser-tests';
// Each test opens the profiles (contexts) it needs: a visitor's devices, or a size.
const suite = setUpBrowserSuite({ serviceApiKey: SERVICE_KEY }, { pagePerTest: false });

/** Passkeys need a domain, not an IP address: the pages run on localhost (the server's relying party there). */
const appOrigin = () => suite.origin.replace('127.0.0.1', 'localhost');

async function openProfile(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newAppContext(suite.browser, appOrigin());
  return { context, page: await context.newPage() };
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();
const signedInNote = (page: Page) => page.getByText('Kitchens saved', { exact: true });

/** The user id this page was booted with (the server's boot data). */
const bootUserId = (page: Page) =>
  page.evaluate(() => JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}').userId as number);

/** The kitchens listed under "Your Kitchens" (a browser without one of its own), by their image address. */
const historyLinks = (page: Page) =>
  page
    .getByRole('region', { name: 'Your Kitchens', exact: true })
    .locator('.history__entry img')
    .evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname));

const operator = (path: string, method = 'POST') =>
  fetch(`${suite.origin}${API_PREFIX}${path}`, {
    method,
    headers: { [SERVICE_API_KEY_HEADER]: SERVICE_KEY },
  });

describe('passkey accounts', () => {
  it('saves a guest’s kitchen with a passkey, finds it from a second profile, and signs out there only', async () => {
    const phone = await openProfile();
    const laptop = await openProfile();
    try {
      const phonePasskeys = await addVirtualAuthenticator(phone.context, phone.page);
      await phone.page.goto('/create-kitchen/upload-image');
      await completeWizard(phone.page, await kitchenPhotoFile());
      await generateButton(phone.page).click();
      expect(await waitForGenerationEnd(phone.page)).toBe('result');
      const kitchen = new URL(
        (await phone.page.getByRole('link', { name: 'Download image' }).getAttribute('href')) ?? '',
        appOrigin(),
      ).pathname;
      await phone.page.getByRole('region', { name: 'Keep Your Kitchens' }).waitFor();
      await expectNoAxeViolations(phone.page, 'result with Save my kitchens');

      await phone.page.getByRole('region', { name: 'Keep Your Kitchens' }).getByRole('button').click();
      await signedInNote(phone.page).waitFor();
      // The pressed button is gone: focus is on what the header says now, not on the page's body.
      await expect
        .poll(() => phone.page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Kitchens saved');
      expect(await phone.page.getByRole('region', { name: 'Keep Your Kitchens' }).count()).toBe(0);
      await expectNoAxeViolations(phone.page, 'result, kitchens saved');
      const [passkey, ...others] = await phonePasskeys.credentials();
      expect(others).toEqual([]);
      expect(passkey?.isResidentCredential).toBe(true);

      // The same passkey on a second device (a synced passkey): copied into the laptop's authenticator.
      const laptopPasskeys = await addVirtualAuthenticator(laptop.context, laptop.page);
      if (passkey) await laptopPasskeys.add(passkey);
      await laptop.page.goto('/');
      await waitForHeading(laptop.page, 'See Your Kitchen Reimagined');
      await expectNoAxeViolations(laptop.page, 'home with the account buttons');
      await button(laptop.page, ACCOUNT_BUTTONS.signIn).click();
      await laptop.page.waitForURL('**/your-kitchen');
      await signedInNote(laptop.page).waitFor();
      await laptop.page.getByRole('region', { name: 'Your Kitchens', exact: true }).waitFor();
      expect(await historyLinks(laptop.page)).toEqual([kitchen]);
      // Not a dead end: the kitchen opens on the result page of the second device.
      await laptop.page.getByRole('button', { name: /^Open the kitchen made / }).click();
      expect(
        new URL(
          (await laptop.page.getByRole('link', { name: 'Download image' }).getAttribute('href')) ?? '',
          appOrigin(),
        ).pathname,
      ).toBe(kitchen);
      await expectNoAxeViolations(laptop.page, 'your kitchen, signed in on a second device');

      await button(laptop.page, ACCOUNT_BUTTONS.signOut).click();
      await laptop.page.waitForURL(`${appOrigin()}/`);
      await button(laptop.page, ACCOUNT_BUTTONS.signIn).waitFor();
      expect(await laptop.page.evaluate(() => localStorage.getItem('create-kitchen-storage'))).toBeNull();
      await laptop.page.goto('/your-kitchen');
      await waitForHeading(laptop.page, 'Your Kitchen');
      expect(await laptop.page.getByRole('region', { name: 'Your Kitchens', exact: true }).count()).toBe(0);

      // The phone is still signed in, across a reload.
      await phone.page.reload();
      await signedInNote(phone.page).waitFor();
    } finally {
      await Promise.all([phone.context.close(), laptop.context.close()]);
    }
  });

  it('deletes an account on one device: the header changes at once, and the other device shows nothing of it', async () => {
    const phone = await openProfile();
    const laptop = await openProfile();
    try {
      const phonePasskeys = await addVirtualAuthenticator(phone.context, phone.page);
      await phone.page.goto('/create-kitchen/upload-image');
      await completeWizard(phone.page, await kitchenPhotoFile());
      await generateButton(phone.page).click();
      expect(await waitForGenerationEnd(phone.page)).toBe('result');
      const kitchen = new URL(
        (await phone.page.getByRole('link', { name: 'Download image' }).getAttribute('href')) ?? '',
        appOrigin(),
      ).pathname;
      await button(phone.page, ACCOUNT_BUTTONS.save).click();
      await signedInNote(phone.page).waitFor();
      const [passkey] = await phonePasskeys.credentials();
      const laptopPasskeys = await addVirtualAuthenticator(laptop.context, laptop.page);
      if (passkey) await laptopPasskeys.add(passkey);

      await laptop.page.goto('/');
      await button(laptop.page, ACCOUNT_BUTTONS.signIn).click();
      await signedInNote(laptop.page).waitFor();
      await visitInApp(laptop.page, '/privacy');
      const erased = laptop.page.waitForResponse((response) => response.request().method() === 'DELETE');
      await button(laptop.page, 'Delete my data').click();
      await button(laptop.page, 'Yes, delete my data').click();
      expect((await (await erased).allHeaders())['clear-site-data']).toBe('"cache", "cookies", "storage"');
      await laptop.page.getByText('Your data has been deleted.', { exact: false }).waitFor();
      // At once, without a reload: no longer signed in, offered saving and signing in again.
      await button(laptop.page, ACCOUNT_BUTTONS.signIn).waitFor();
      expect(await signedInNote(laptop.page).count()).toBe(0);
      expect(await laptop.page.getByRole('button', { name: ACCOUNT_BUTTONS.signOut }).count()).toBe(0);

      // The phone, reloaded: neither its stores nor its HTTP cache bring the deleted kitchen back.
      await phone.page.reload();
      await button(phone.page, ACCOUNT_BUTTONS.signIn).waitFor();
      expect(await phone.page.evaluate(() => localStorage.getItem('create-kitchen-storage'))).toBeNull();
      expect(await phone.page.evaluate(async (url) => (await fetch(url)).status, kitchen)).toBe(404);
      expect(await phone.page.getByRole('region', { name: 'Your earlier kitchens' }).count()).toBe(0);
    } finally {
      await Promise.all([phone.context.close(), laptop.context.close()]);
    }
  });

  it('says, at 127.0.0.1, that passkeys need the localhost address the server announces', async () => {
    const context = await newAppContext(suite.browser, suite.origin);
    try {
      const page = await context.newPage();
      await addVirtualAuthenticator(context, page);
      await page.goto('/');
      await button(page, ACCOUNT_BUTTONS.save).click();
      await page
        .getByText(
          `Passkeys cannot work at ${new URL(suite.origin).host}: browsers keep them only for a named address. ` +
            `Open ${appOrigin()} to save or use your kitchens.`,
        )
        .waitFor();
      expect(await signedInNote(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows an open app that its account was disabled, and a revoked session that it was signed out', async () => {
    const disabled = await openProfile();
    const revoked = await openProfile();
    try {
      await addVirtualAuthenticator(disabled.context, disabled.page);
      await disabled.page.goto('/');
      await button(disabled.page, ACCOUNT_BUTTONS.save).click();
      await signedInNote(disabled.page).waitFor();
      const accountId = await bootUserId(disabled.page);
      const answer = await operator(ADMIN_USER_DISABLE_PATH.replace(':id', String(accountId)));
      expect(answer.status).toBe(200);
      // The app's next call (the result page's history) hears ACCOUNT_DISABLED.
      await visitInApp(disabled.page, '/your-kitchen');
      await disabled.page.waitForURL('**/access-denied');
      await waitForHeading(disabled.page, 'This Account Is Disabled');
      await expectNoAxeViolations(disabled.page, 'access denied (disabled)');

      // The app's authorisation is what starts the guest's session: revoke it only once it exists.
      const authorized = revoked.page.waitForResponse((response) =>
        response.url().endsWith(actionPaths.authorizeUser),
      );
      await revoked.page.goto('/');
      expect((await authorized).status()).toBe(200);
      const guestId = await bootUserId(revoked.page);
      expect(await (await operator(`/admin/users/${guestId}/sessions`, 'DELETE')).json()).toMatchObject({
        revokedSessions: 1,
      });
      await visitInApp(revoked.page, '/your-kitchen');
      await revoked.page.waitForURL('**/access-denied');
      await waitForHeading(revoked.page, 'You Have Been Signed Out');
      await expectNoAxeViolations(revoked.page, 'access denied (signed out)');
      // Starting again is a new guest with a working session.
      await revoked.page.getByRole('link', { name: 'Start again' }).click();
      await button(revoked.page, ACCOUNT_BUTTONS.signIn).waitFor();
      expect(await bootUserId(revoked.page)).not.toBe(guestId);
    } finally {
      await Promise.all([disabled.context.close(), revoked.context.close()]);
    }
  });
});

describe('the header’s account controls', () => {
  it('stay on one row with the brand from a small phone to a desktop, with full-size touch targets', async () => {
    for (const viewport of [{ width: 320, height: 640 }, MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
      const context = await newAppContext(suite.browser, appOrigin(), viewport);
      try {
        const page = await context.newPage();
        await page.goto('/');
        const header = page.locator('header.site-header');
        const brand = page.getByRole('link', { name: 'Kitchen Reimagined', exact: true });
        const controls = [button(page, ACCOUNT_BUTTONS.signIn), button(page, ACCOUNT_BUTTONS.save)];
        await controls[1]?.waitFor();
        const boxes = await Promise.all([brand, ...controls].map((part) => part.boundingBox()));
        const headerBox = await header.boundingBox();
        const where = `at ${viewport.width} px`;
        // One row: every part of the header spans its middle line, and none is cut off at the side.
        const middle = (headerBox?.y ?? 0) + (headerBox?.height ?? 0) / 2;
        for (const box of boxes) {
          expect(box, where).not.toBeNull();
          if (!box) continue;
          expect(box.y, where).toBeLessThan(middle);
          expect(box.y + box.height, where).toBeGreaterThan(middle);
          expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
          expect(Math.min(box.width, box.height), where).toBeGreaterThanOrEqual(44);
        }
        // The name is written out where it fits; on a phone the mark alone shows it, the link still says it.
        expect(await page.getByText('Kitchen Reimagined', { exact: true }).isVisible(), where).toBe(
          viewport.width > 448,
        );
        await expectNoAxeViolations(page, `home with the header ${where}`);

        // A failed ceremony: one plain sentence in the page's notice under the header, whose buttons stay on one
        // row with the brand; its × dismisses it (issue 25: it used to break a phone's header into three rows;
        // issue 34: it showed the server's words for developers).
        await page.route(`**${API_PREFIX}${accountPaths.registrationOptions}`, (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Passkeys are resting.',
            }),
          }),
        );
        await button(page, ACCOUNT_BUTTONS.save).click();
        const failure = page.getByRole('alert');
        await failure.waitFor();
        expect(await failure.textContent(), where).toContain(PASSKEY_NOT_USABLE);
        expect(await page.getByRole('banner').getByRole('alert').count(), where).toBe(0);
        const failedBoxes = await Promise.all([brand, ...controls].map((part) => part.boundingBox()));
        const [brandBox, ...buttonBoxes] = failedBoxes;
        for (const box of buttonBoxes) {
          expect(Math.abs((box?.y ?? 0) - (brandBox?.y ?? 0)), where).toBeLessThan(brandBox?.height ?? 0);
        }
        const failureBox = await failure.boundingBox();
        expect(failureBox?.y ?? 0, where).toBeGreaterThanOrEqual((buttonBoxes[0]?.y ?? 0) + 40);
        expect((failureBox?.x ?? 0) + (failureBox?.width ?? 0), where).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page, `home with a passkey failure ${where}`);
        await button(page, ACCOUNT_BUTTONS.dismiss).click();
        await failure.waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    }
  });
});
