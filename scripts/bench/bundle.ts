// The production bundle: every JavaScript and CSS chunk with its size raw, gzip and brotli, and what the first
// screen really loads, read from the requests Chromium makes until the screen's heading shows and the network
// is quiet.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { MOBILE_VIEWPORT, withAppInChromium } from '../../tooling/browser';
import type { Benchmark } from './benchmark';
import { kb, table, verdict } from './format';
import { describeMachine } from './machine';

const FIRST_SCREEN_JS_BUDGET_BYTES = 120_000;
const MEASURED_TYPES = ['.js', '.css', '.wasm'];
const FIRST_SCREENS = [
  { label: 'Home', path: '/' },
  { label: 'Upload step (a deep link into the wizard)', path: '/create-kitchen/upload-image' },
];

interface Chunk {
  /** Path inside the build, e.g. `assets/index-AbC123.js`. */
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** The bytes the server sends for `file` in that encoding: its pre-compressed copy, or the file itself. */
function sentSize(file: string, suffix: '.gz' | '.br'): number {
  const copy = `${file}${suffix}`;
  return statSync(existsSync(copy) ? copy : file).size;
}

/** Every chunk of the build with its sizes as served, largest (gzip) first. */
function measureChunks(distDir: string): Chunk[] {
  const files = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    MEASURED_TYPES.includes(path.extname(file)),
  );
  return files
    .map((file) => {
      const full = path.join(distDir, file);
      return {
        file: file.split(path.sep).join('/'),
        raw: statSync(full).size,
        gzip: sentSize(full, '.gz'),
        brotli: sentSize(full, '.br'),
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** The build files a page requests until its heading shows and the network has been quiet for 500 ms. */
async function filesLoadedBy(browser: Browser, origin: string, pagePath: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL: origin, viewport: MOBILE_VIEWPORT });
  try {
    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin) requested.add(url.pathname.replace(/^\//, ''));
    });
    await page.goto(pagePath);
    await page.locator('h1[data-route-heading]').waitFor();
    await page.waitForLoadState('networkidle');
    return [...requested];
  } finally {
    await context.close();
  }
}

const isJs = (chunk: Chunk) => chunk.file.endsWith('.js');
const sum = (chunks: Chunk[], pick: (chunk: Chunk) => number) =>
  chunks.reduce((total, chunk) => total + pick(chunk), 0);
const sizes = (chunks: Chunk[]) => [
  kb(sum(chunks, (c) => c.raw)),
  kb(sum(chunks, (c) => c.gzip)),
  kb(sum(chunks, (c) => c.brotli)),
];

export const bundleBenchmark: Benchmark = {
  id: 'bundle',
  async run({ machine, appDist }) {
    const distDir = appDist();
    const chunks = measureChunks(distDir);
    const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
    console.log('bundle: loading the first screens in Chromium...');
    const firstScreens = await withAppInChromium(distDir, async ({ browser, origin }) => {
      const loaded = [];
      for (const screen of FIRST_SCREENS) {
        const files = await filesLoadedBy(browser, origin, screen.path);
        loaded.push({ ...screen, chunks: files.flatMap((file) => byFile.get(file) ?? []) });
      }
      return loaded;
    });

    const firstScreenRows = firstScreens.flatMap(({ label, path: pagePath, chunks: loaded }) => {
      const js = loaded.filter(isJs);
      const jsGzip = sum(js, (chunk) => chunk.gzip);
      return [
        [
          `${label} (\`${pagePath}\`): JavaScript, ${js.length} files`,
          ...sizes(js),
          verdict(jsGzip <= FIRST_SCREEN_JS_BUDGET_BYTES),
        ],
        [`${label}: CSS`, ...sizes(loaded.filter((chunk) => !isJs(chunk))), ''],
      ];
    });
    const loadedLists = firstScreens
      .map(
        ({ label, chunks: loaded }) => `- ${label}: ${loaded.map((chunk) => `\`${chunk.file}\``).join(', ')}`,
      )
      .join('\n');
    const chunkRows = chunks.map((chunk) => [
      `\`${chunk.file}\``,
      kb(chunk.raw),
      kb(chunk.gzip),
      kb(chunk.brotli),
    ]);

    return `
## Production bundle

${describeMachine(machine)}
Built with \`npm run build\`'s own function (\`vite build\`, NODE_ENV=production). Gzip and Brotli are the sizes
of the pre-compressed copies the server sends (gzip level 9, Brotli quality 11, \`scripts/compress-dist.ts\`); a
file under 1 KB has none and is sent, and counted, as it is. "The first screen"
is every build file Chromium requests for a fresh visit (mobile viewport) until the screen's heading shows and the
network has been quiet for 500 ms. 1 KB = 1000 bytes.

${table(['First screen', 'Raw', 'Gzip', 'Brotli', `Budget: JavaScript ≤ ${kb(FIRST_SCREEN_JS_BUDGET_BYTES)} gzip`], firstScreenRows)}

${loadedLists}

${table(['Chunk', 'Raw', 'Gzip', 'Brotli'], [...chunkRows, ['All JavaScript', ...sizes(chunks.filter(isJs))], ['All CSS', ...sizes(chunks.filter((chunk) => chunk.file.endsWith('.css')))]])}
`;
  },
};
