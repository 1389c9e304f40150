// After the app's `vite build` (scripts/build.ts): renders the home screen to HTML with the app's own components
// (a server-side build of src/app/prerender-home.tsx) and writes the built index.html with that HTML in its root
// as dist/prerendered/index.html (and index.ai.html, home's words for a site with an AI image service), which the
// server sends for `/` (server/app-shell/). The browser hydrates it, so home's heading paints before any
// JavaScript has run. Every other path keeps the plain shell.
//
// Runs as its own process (`tsx scripts/prerender.ts <distDir>`): buildApp is synchronous, loading the server
// build is not.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { OFFLINE_IMAGE_SERVICE, type ResultKind } from '../contract/image-services';
import { prerenderedFileOf } from '../server/app-shell/prerendered-pages';
import { PRERENDERED_HOME_ROUTE, PRERENDERED_ROUTE_ATTRIBUTE } from '../src/boot/prerendered';

const repoRoot = path.resolve(import.meta.dirname, '..');
const ENTRY = 'src/app/prerender-home.tsx';
const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = '<script type="module" ';
/**
 * The prerendered page is whole without its script, which only makes it interactive: fetched at low priority,
 * the script no longer competes with the stylesheet the first paint waits for.
 */
const DEFERRED_ENTRY_SCRIPT = '<script type="module" fetchpriority="low" ';

interface PrerenderEntry {
  renderHomeToString(imageService: string): string;
}

/** One service of each result kind: home's words depend only on the kind (contract/image-services.ts). */
const SERVICE_OF_KIND: Readonly<Record<ResultKind, string>> = {
  recolor: OFFLINE_IMAGE_SERVICE,
  ai: 'openai',
};

/** Builds the entry for Node (dependencies left to node_modules) and renders with it; the build is removed. */
async function renderWithEntry<T>(render: (entry: PrerenderEntry) => T): Promise<T> {
  // Inside the repository, so the build's imports of react and the rest resolve from its node_modules.
  const cache = path.join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(path.join(cache, 'kr-prerender-'));
  try {
    await build({
      root: repoRoot,
      logLevel: 'error',
      build: { ssr: ENTRY, outDir, emptyOutDir: true, minify: false },
    });
    const name = path.parse(ENTRY).name;
    const file = readdirSync(outDir).find(
      (candidate) => candidate === `${name}.js` || candidate === `${name}.mjs`,
    );
    if (!file) throw new Error(`The server build of ${ENTRY} wrote no ${name}.js.`);
    return render((await import(pathToFileURL(path.join(outDir, file)).href)) as PrerenderEntry);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Writes the prerendered home page into the built app in `distDir`. */
async function prerenderHome(distDir: string): Promise<void> {
  const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const expected of [EMPTY_ROOT, ENTRY_SCRIPT]) {
    if (!shell.includes(expected)) throw new Error(`The built index.html has no ${expected}.`);
  }
  const kinds = Object.keys(SERVICE_OF_KIND) as ResultKind[];
  const pages = await renderWithEntry((entry) =>
    kinds.map((kind) => [kind, entry.renderHomeToString(SERVICE_OF_KIND[kind])] as const),
  );
  for (const [kind, html] of pages) {
    const root = `<div id="root" ${PRERENDERED_ROUTE_ATTRIBUTE}="${PRERENDERED_HOME_ROUTE}">${html}</div>`;
    const page = shell.replace(EMPTY_ROOT, () => root).replaceAll(ENTRY_SCRIPT, DEFERRED_ENTRY_SCRIPT);
    const file = path.join(distDir, prerenderedFileOf('/', kind));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, page);
  }
}

/** Prerenders into `distDir` in a child process; throws with its output when it fails. */
export function prerenderHomeSync(distDir: string, env: NodeJS.ProcessEnv): void {
  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [path.join(repoRoot, 'scripts', 'prerender.ts'), distDir], {
    cwd: repoRoot,
    encoding: 'utf8',
    env,
  });
  if (result.status !== 0) {
    throw new Error(`prerendering failed:\n${result.stderr || result.stdout || String(result.error)}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = process.argv[2];
  if (!distDir) throw new Error('Usage: tsx scripts/prerender.ts <distDir>');
  await prerenderHome(path.resolve(distDir));
}
