// Pages the build prerendered (scripts/prerender.ts): dist/prerendered/<path>/index.html is the page for
// <path>, the app shell with that route's screen already rendered into its root. The shell serves each one only
// for its own path, so a deep link elsewhere never shows another screen's HTML before the app starts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PRERENDERED_DIR = 'prerendered';
const PAGE_FILE = 'index.html';

/** Where, inside dist/, the prerendered page for `pathname` is kept. */
export const prerenderedFileOf = (pathname: string): string =>
  path.join(PRERENDERED_DIR, ...pathname.split('/').filter(Boolean), PAGE_FILE);

/** Every prerendered page of the build in `distDir`, by the path it answers; empty when there are none. */
export function readPrerenderedPages(distDir: string): Map<string, string> {
  const root = path.join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(root)) return pages;
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(name) !== PAGE_FILE) continue;
    const segments = path
      .dirname(name)
      .split(path.sep)
      .filter((segment) => segment !== '.');
    pages.set(`/${segments.join('/')}`, readFileSync(path.join(root, name), 'utf8'));
  }
  return pages;
}
