// One test file's browser session: the real server (fresh data directory and database) and a connection to the
// run's Chromium (tests/browser/global-setup.ts), a fresh browser context and page for each test, everything
// closed afterwards.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Config } from '../../server/config';
import { type AppServer, newAppContext, startAppServer } from '../../tooling/browser';

/**
 * The run's Chromium, started once by the global setup (CI time, issue 35). A file's contexts are its own; closing
 * the connection closes them and leaves the browser to the other files.
 */
export const connectToChromium = (): Promise<Browser> => chromium.connect(inject('chromiumEndpoint'));

export interface BrowserSuite {
  readonly origin: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Registers the file's hooks; read the returned object's fields inside tests. */
export function setUpBrowserSuite(overrides: Partial<Config> = {}): BrowserSuite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startAppServer(inject('appDistDir'), overrides),
      connectToChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await newAppContext(required(browser, 'browser'), required(server, 'server').origin);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

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
