// Pages the build prerendered (scripts/prerender.ts): dist/prerendered/<path>/index.html is the page for
// <path>, the app shell with that route's screen already rendered into its root. The shell serves each one only
// for its own path, so a deep link elsewhere never shows another screen's HTML before the app starts.
// A page whose words depend on the site's image service (home) is prerendered once per result kind
// (contract/image-services.ts): `index.html` for the offline recolor, `index.ai.html` for an AI service.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResultKind } from '../../contract/image-services';

export const PRERENDERED_DIR = 'prerendered';
const PAGE_FILES: Readonly<Record<ResultKind, string>> = { recolor: 'index.html', ai: 'index.ai.html' };

/** Where, inside dist/, the prerendered page for `pathname` and the site's result kind is kept. */
export const prerenderedFileOf = (pathname: string, kind: ResultKind = 'recolor'): string =>
  path.join(PRERENDERED_DIR, ...pathname.split('/').filter(Boolean), PAGE_FILES[kind]);

/** Every prerendered page of the build in `distDir` for a site of `kind`, by the path it answers. */
export function readPrerenderedPages(distDir: string, kind: ResultKind = 'recolor'): Map<string, string> {
  const pageFile = PAGE_FILES[kind];
  const root = path.join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(root)) return pages;
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(name) !== pageFile) continue;
    const segments = path
      .dirname(name)
      .split(path.sep)
      .filter((segment) => segment !== '.');
    pages.set(`/${segments.join('/')}`, readFileSync(path.join(root, name), 'utf8'));
  }
  return pages;
}
