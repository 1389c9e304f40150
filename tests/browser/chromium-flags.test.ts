// The Chromium the tests launch (tooling/browser.ts, D140): Chromium keeps only the last `--disable-features` of its
// command line, so the switch `launchChromium` adds must still carry every feature Playwright's own switch turns
// off, and the address bar's popups, which a launch would otherwise load in a renderer of their own, are not there.
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BAR_POPUPS, launchChromium } from '../../tooling/browser';

/** The command lines of this process's Chromium browser processes (not their renderers, GPU and utilities). */
function launchedChromiumCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('--remote-debugging-pipe') && !args.some((arg) => arg.startsWith('--type='))) {
        lines.push(args);
      }
    } catch {
      // A process that ended meanwhile.
    }
  }
  return lines;
}

const featuresOf = (switchValue: string) => switchValue.slice('--disable-features='.length).split(',');

describe('the Chromium the tests launch', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps every feature Playwright turns off in the one --disable-features Chromium reads, the last', () => {
    const commandLines = launchedChromiumCommandLines();
    expect(commandLines.length).toBeGreaterThan(0);
    for (const args of commandLines) {
      const switches = args.filter((arg) => arg.startsWith('--disable-features='));
      const effective = featuresOf(switches.at(-1) ?? '--disable-features=');
      const lost = switches.flatMap(featuresOf).filter((feature) => !effective.includes(feature));
      expect(lost, 'features turned off by an earlier --disable-features, which Chromium ignores').toEqual(
        [],
      );
      expect(effective).toEqual(expect.arrayContaining(ADDRESS_BAR_POPUPS));
    }
  });

  it('loads no page of its own window (the address bar’s popups) beside the pages a test opens', async () => {
    if (!browser) throw new Error('Chromium did not start: see the beforeAll error');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('data:text/html,<title>A page</title><h1>A page</h1>');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      expect(targetInfos.map(({ type, url }) => `${type} ${url}`)).toEqual([
        'page data:text/html,<title>A page</title><h1>A page</h1>',
      ]);
    } finally {
      await context.close();
    }
  });
});
