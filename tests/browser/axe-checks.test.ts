// The axe check every browser test makes (`expectNoAxeViolations`, tooling/browser.ts): axe is injected into a page
// once and reused by later checks of the same document (D146), which must still see what the page shows then.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeViolationsError, expectNoAxeViolations } from '../../tooling/browser';
import { workerChromium } from './worker-chromium';

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await (await workerChromium()).newContext();
  page = await context.newPage();
});
afterAll(() => context?.close());

describe('the axe check', () => {
  it('passes a clean page, then finds what a later change breaks, with axe injected once', async () => {
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>A page</title></head><body><main><h1>A page</h1></main></body></html>',
    );
    await expectNoAxeViolations(page, 'clean');
    expect(await page.evaluate(() => 'axe' in window)).toBe(true);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')?.append(image, document.createElement('button'));
    });
    const failure = await expectNoAxeViolations(page, 'broken').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AxeViolationsError);
    expect(String(failure)).toMatch(/image-alt/);
    expect(String(failure)).toMatch(/button-name/);
  });
});
