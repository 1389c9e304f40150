// Home is prerendered at build time (scripts/prerender.ts) and hydrated by the app: its screen is there before
// any script runs, React adopts those very elements without a mismatch (for a first visit and for a returning
// visitor whose storage holds a photo and choices), and the app then behaves as it always did.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkedLabel,
  chooseFirstOptions,
  choosePhoto,
  nextButton,
  photoOutcome,
  specStep,
  stepPath,
  waitForGroup,
  waitForHeading,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { kitchenPhotoFile } from '../../tooling/made-images';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

const HOME_TITLE = 'See Your Kitchen Reimagined';

/** Every error the page reports: console errors (React's hydration messages) and uncaught exceptions. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Keeps the heading the HTML arrived with, taken when parsing ends and before any module script runs, so the
 * test can tell whether React adopted it (hydration) or built a new one.
 */
async function keepParsedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as { parsedHeading?: Element | null }).parsedHeading = document.querySelector('h1');
    });
  });
}

/** Waits until React has hydrated the heading; answers whether it is still the element the HTML arrived with. */
async function hydratedHeadingIsParsedOne(page: Page): Promise<boolean> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
  return page.evaluate(() => {
    const parsed = (window as { parsedHeading?: Element | null }).parsedHeading;
    return (
      parsed !== null && parsed !== undefined && parsed === document.querySelector('h1') && parsed.isConnected
    );
  });
}

describe('the prerendered home', () => {
  it('shows the home screen and its way in with JavaScript off', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.origin, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await waitForHeading(page, HOME_TITLE);
      expect(await page.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe(
        '/onboarding/how-it-works',
      );
    } finally {
      await context.close();
    }
  });

  it('is hydrated on a first visit without an error, and its link then moves within the app', async () => {
    const { page } = suite;
    const errors = recordErrors(page);
    await keepParsedHeading(page);
    await page.goto('/');
    expect(await hydratedHeadingIsParsedOne(page)).toBe(true);

    // A client-side move keeps the document (and this mark); a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Get started' }).click();
    await waitForHeading(page, 'How It Works');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is hydrated without an error for a returning visitor with a photo and choices, who keeps them', async () => {
    const { page } = suite;
    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');
    await choosePhoto(page, await kitchenPhotoFile());
    expect(await photoOutcome(page)).toBe('ready');
    await nextButton(page).click();
    await waitForStep(page, 'design');
    const [chosen] = await chooseFirstOptions(page, 'design');

    const errors = recordErrors(page);
    await keepParsedHeading(page);
    await page.goto('/');
    expect(await hydratedHeadingIsParsedOne(page)).toBe(true);
    expect(errors).toEqual([]);

    await page.goto(stepPath('design'));
    await waitForStep(page, 'design');
    // The step's heading shows before its options' code has loaded: read the choice once they are there.
    const group = specStep('design').groups[0] ?? '';
    await waitForGroup(page, group);
    expect(await checkedLabel(page, group)).toBe(chosen);
  });

  it('leaves a deep link to render its own screen, with no home screen shown on the way', async () => {
    const { page } = suite;
    const errors = recordErrors(page);
    // Every heading that ever enters the page, from the first parse on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { headingsSeen: seen });
      new MutationObserver(() => {
        for (const heading of document.querySelectorAll('h1')) {
          const text = heading.textContent?.trim() ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');
    expect(await page.evaluate(() => (window as { headingsSeen?: string[] }).headingsSeen)).toEqual([
      specStep('upload-image').title,
    ]);
    expect(errors).toEqual([]);
  });
});
