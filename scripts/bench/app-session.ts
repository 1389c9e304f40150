// The built app served by the real server (fresh data directory and in-memory database), and Debian's
// Chromium, for the benchmarks that measure the product in a browser. Both come from the browser tests'
// harness, so the benchmarks drive the same product the tests check.
import type { Browser } from 'playwright-core';
import { launchChromium, startAppServer } from '../../tests/support/browser';

export interface AppSession {
  origin: string;
  browser: Browser;
}

/** Runs `work` with the app served from `distDir` and a Chromium; closes both afterwards. */
export async function withAppInChromium<T>(
  distDir: string,
  work: (session: AppSession) => Promise<T>,
): Promise<T> {
  const [server, browser] = await Promise.all([startAppServer(distDir), launchChromium()]);
  try {
    return await work({ origin: server.origin, browser });
  } finally {
    await browser.close();
    await server.close();
  }
}
