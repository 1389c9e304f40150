// One test file's browser session: the real server (fresh data directory and database), the worker's Chromium
// (worker-chromium.ts), a fresh browser context and page for each test, everything the file opened closed afterwards.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Config } from '../../server/config';
import { type AppServer, newAppContext, startAppServer } from '../../tooling/browser';
import { closeContextsOpenedSince, openContexts, workerChromium } from './worker-chromium';

export interface BrowserSuite {
  readonly origin: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

export interface BrowserSuiteOptions {
  /**
   * Whether each test gets a fresh context and page (`context`, `page`): not for a file whose tests each open the
   * contexts they need from `browser`, where an unused one cost a browser window, about a quarter of a second of
   * Chromium's CPU (CI time, issue 35, D152).
   */
  pagePerTest?: boolean;
}

/** Registers the file's hooks; read the returned object's fields inside tests. */
export function setUpBrowserSuite(
  overrides: Partial<Config> = {},
  { pagePerTest = true }: BrowserSuiteOptions = {},
): BrowserSuite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let openBefore = new Set<BrowserContext>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startAppServer(inject('appDistDir'), overrides),
      workerChromium(),
    ]);
    openBefore = openContexts(browser);
  });
  afterAll(async () => {
    if (browser) await closeContextsOpenedSince(browser, openBefore);
    await server?.close();
  });
  if (pagePerTest) {
    beforeEach(async () => {
      context = await newAppContext(required(browser, 'browser'), required(server, 'server').origin);
      page = await context.newPage();
    });
    afterEach(async () => {
      await context?.close();
    });
  }

  return {
    get origin() {
      return required(server, 'server').origin;
    },
    get browser() {
      return required(browser, 'browser');
    },
    get context() {
      return required(context, 'context');
    },
    get page() {
      return required(page, 'page');
    },
  };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The browser suite has no ${what}: did its beforeAll fail?`);
  return value;
}
