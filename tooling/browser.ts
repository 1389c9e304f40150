// Drives the real app in Debian's Chromium against the real server: build the app once, start the server with a
// fresh data directory and database, launch Chromium, and check each screen with axe. Shared by the browser
// tests (tests/browser) and the screenshot script (scripts/screenshots.ts).
import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp as buildProductionApp } from '../scripts/build';
import type { Config } from '../server/config';
import type { Database } from '../server/db/database';
import { openMigratedPglite } from './fresh-pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from './server';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The features Playwright turns off in the Chromium it launches (its own `--disable-features` switch, as of
 * playwright-core 1.65). Chromium keeps only the last `--disable-features` of a command line, so a launch that
 * turns off more must name these again: tests/browser/chromium-flags.test.ts checks, on a launched Chromium's own
 * command line, that none of Playwright's is lost.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's two popups (suggestions, and the AI Mode box), which headless Chromium, drawing a whole browser
 * window, preloads as web pages in a renderer of their own at every launch: about 0.6 s of CPU a launch, some 40 s
 * in a test run of about 80 launches (CI time, issue 35, D140). No test, and no visitor of the app, opens
 * Chromium's address bar.
 */
export const ADDRESS_BAR_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * What Chromium needs to run in a container here (DESIGN, known traps), and no address-bar popups;
 * `launchChromium` adds `--headless`.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
];

export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;

/** The WCAG levels every screen is checked against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Builds the production app (scripts/build.ts: `vite build`, pre-compressed) into `outDir`, a new temporary
 * directory by default; answers the directory. Brotli at the product's quality unless
 * `brotliQuality` says otherwise (the tests' build, scripts/compress-dist.ts).
 */
export function buildApp(outDir = temporaryDir('kr-browser-dist-').dir, brotliQuality?: number): string {
  buildProductionApp(outDir, brotliQuality);
  return outDir;
}

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\`.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
}

export interface AppServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * The real server serving the built app in `distDir`, with a fresh data directory and a fresh in-memory
 * database. Moderation is the deterministic rule (magenta is unsafe) unless `overrides` says otherwise.
 */
export async function startAppServer(distDir: string, overrides: Partial<Config> = {}): Promise<AppServer> {
  const data = temporaryDir('kr-browser-data-');
  let db: Database | undefined;
  try {
    db = await openMigratedPglite();
    const server = await startServer(testConfig(data.dir, { distDir, ...overrides }), { db });
    const opened = db;
    return {
      origin: server.origin,
      server,
      async close() {
        try {
          await server.close();
          await opened.close();
        } finally {
          data.remove();
        }
      },
    };
  } catch (error) {
    await db?.close();
    data.remove();
    throw error;
  }
}

/**
 * How long a wait for something on screen may take: generous, since CI machines are shared and slow. 20 s ran out
 * in a run beside another full test run (issue 35: a photo's check took longer); a wait ends as soon as the screen
 * shows what it waits for, so only a failing test waits this long.
 */
export const SCREEN_WAIT_MS = 60_000;

/** A fresh browser profile (new cookies, so a new guest session and quota) opened on the app. */
export async function newAppContext(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number } = MOBILE_VIEWPORT,
  /** A phone's touch screen (coarse pointer, no hover): the app's words for touch devices show. */
  touch = false,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport,
    deviceScaleFactor: 1,
    ...(touch && { hasTouch: true, isMobile: true }),
  });
  context.setDefaultTimeout(SCREEN_WAIT_MS);
  return context;
}

/**
 * Waits for running CSS transitions and finite animations to end: colours measured halfway through a
 * transition (a button turning from blocked to ready) are neither the before nor the after that users read.
 */
export async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export class AxeViolationsError extends Error {
  override name = 'AxeViolationsError';
}

/** The source AxeBuilder injects into a page that holds axe already: nothing (see `expectNoAxeViolations`). */
const AXE_ALREADY_IN_PAGE = ';';

/**
 * Runs axe on what the page shows now; throws naming the screen and every violated rule and where. A page without
 * frames (the app has none) is checked with `axe.run` in the page itself, AxeBuilder's legacy mode: its default
 * runs each frame's part and then opens a blank page in the context to put the parts together, injecting axe twice,
 * for the same verdict on a page with one frame, at about twice the time (CI time, issue 35, D100). A page with
 * frames is checked the default way, so a cross-origin frame is still checked. AxeBuilder evaluates axe's source
 * (about 550 KB) in the page twice a check, some 55 ms each: a page that holds axe from an earlier check of the
 * same document is given nothing to inject (D146).
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settleTransitions(page);
  const frameless = page.frames().length === 1;
  const axeInPage = frameless && (await page.evaluate(() => 'axe' in window));
  const axe = new AxeBuilder({ page, ...(axeInPage && { axeSource: AXE_ALREADY_IN_PAGE }) }).withTags(
    AXE_TAGS,
  );
  if (frameless) axe.setLegacyMode();
  const results = await axe.analyze();
  if (results.violations.length === 0) return;
  const lines = results.violations.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
    return `  ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n    at ${targets.join('\n    at ')}`;
  });
  throw new AxeViolationsError(
    `axe found ${results.violations.length} violation(s) on the ${screen} screen (${page.url()}):\n${lines.join('\n')}`,
  );
}

/** Runs `work` with the app served from `distDir` and a Chromium; closes both afterwards. */
export async function withAppInChromium<T>(
  distDir: string,
  work: (session: { origin: string; browser: Browser }) => Promise<T>,
): Promise<T> {
  const [server, browser] = await Promise.all([startAppServer(distDir), launchChromium()]);
  try {
    return await work({ origin: server.origin, browser });
  } finally {
    await browser.close();
    await server.close();
  }
}
