// The browser's preview (src/preview/) running in real Chromium with nothing else of the app: a Vite dev server
// over the repository serves the preview's TypeScript (its worker included) as the build would, to an empty page
// (preview-host.html). The preview imports no package, so no dependency is bundled ahead and the server starts in
// a moment. Used by the agreement test and the preview benchmark; the caller closes it.
import type { Browser, Page } from 'playwright-core';
import { createServer } from 'vite';
import type { MarkedSurface } from '../contract/surface-masks';
import type { PartialLook } from '../recolour/looks';
import { launchChromium } from './browser';
import { repoRoot } from './paths';

export interface PreviewHost {
  page: Page;
  /** The photo and its masks (grey PNGs) opened in the page's preview client. */
  open(
    photo: Buffer,
    masks: Partial<Record<MarkedSurface, Buffer>>,
  ): Promise<{ width: number; height: number }>;
  /**
   * The open photo in `look` (through `window.preview`, the page's `PreviewClient`): lossless PNG bytes of the
   * preview, and the milliseconds the page waited for it.
   */
  recolour(look: PartialLook): Promise<{ png: Buffer; ms: number }>;
  close(): Promise<void>;
}

const FIXTURE = '/__preview-fixture__/';
/** Served by Vite, as the app's build would load it. */
const PREVIEW_CLIENT = '/src/preview/preview-client.ts';

export async function startPreviewHost(chromium?: Browser): Promise<PreviewHost> {
  const vite = await createServer({
    root: repoRoot,
    configFile: false,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    worker: { format: 'es' },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('The preview host did not start.');
  const browser = chromium ?? (await launchChromium());
  const page = await browser.newPage();
  const fixtures = new Map<string, Buffer>();
  await page.route(`**${FIXTURE}*`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(FIXTURE.length);
    const body = fixtures.get(name);
    return body ? route.fulfill({ body, contentType: 'image/png' }) : route.fulfill({ status: 404 });
  });
  await page.goto(`http://127.0.0.1:${address.port}/tooling/preview-host.html`);
  // The page's code is written as strings, not functions: vitest and tsx rewrite this file's functions (`import()`
  // into vitest's own loader, names kept with tsx's `__name`), and the page has neither helper.
  await page.evaluate(
    `import(${JSON.stringify(PREVIEW_CLIENT)}).then((client) => { window.preview = client.createPreviewClient(); })`,
  );
  return {
    page,
    async open(photo, masks) {
      fixtures.set('photo', photo);
      for (const [surface, png] of Object.entries(masks)) if (png) fixtures.set(surface, png);
      const opened = await page.evaluate(`(async () => {
        const fetched = async (name) => (await fetch(${JSON.stringify(FIXTURE)} + name)).blob();
        const surfaces = ${JSON.stringify(Object.keys(masks))};
        const masks = Object.fromEntries(
          await Promise.all(surfaces.map(async (surface) => [surface, await fetched(surface)])),
        );
        return window.preview.open(await fetched('photo'), masks);
      })()`);
      return opened as { width: number; height: number };
    },
    async recolour(look) {
      const { base64, ms } = (await page.evaluate(`(async () => {
        const started = performance.now();
        const { width, height, rgba } = await window.preview.recolour(${JSON.stringify(look)});
        const ms = performance.now() - started;
        const canvas = new OffscreenCanvas(width, height);
        canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
        let binary = '';
        for (let at = 0; at < bytes.length; at += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
        return { base64: btoa(binary), ms };
      })()`)) as { base64: string; ms: number };
      return { png: Buffer.from(base64, 'base64'), ms };
    },
    async close() {
      await page.close();
      if (!chromium) await browser.close();
      await vite.close();
    },
  };
}
