// One Chromium for all the browser files a vitest worker runs, rather than one launched and closed per file (CI
// time, issue 35, D152): a launch and close cost about 0.3 s of CPU, some twenty a run. Each test still gets a
// browser context of its own (cookies, storage, permissions and virtual authenticators are a context's or a
// page's), and a file closes every context it opened. Kept on `globalThis`, so the benchmark harnesses'
// `vi.resetModules` does not lose it; one that has crashed or closed is launched again. Chromium ends with the
// worker process (Playwright's pipe to it closes).
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../tooling/browser';

const KEY = Symbol.for('kitchen-reimagined:worker-chromium');
const held = globalThis as { [KEY]?: Promise<Browser> };

/** The worker's Chromium, launched on first use, or again when the one kept is no longer connected. */
export async function workerChromium(): Promise<Browser> {
  const kept = await held[KEY]?.catch(() => undefined);
  if (kept?.isConnected()) return kept;
  const launching = launchChromium();
  held[KEY] = launching;
  return launching;
}

/** The contexts open now, to close later those opened since (`closeContextsOpenedSince`). */
export const openContexts = (browser: Browser): Set<BrowserContext> => new Set(browser.contexts());

/** Closes the contexts of `browser` not in `before`: what a file opened and left, so the next file starts clean. */
export async function closeContextsOpenedSince(browser: Browser, before: Set<BrowserContext>): Promise<void> {
  await Promise.all(
    browser
      .contexts()
      .filter((context) => !before.has(context))
      .map((context) => context.close()),
  );
}
