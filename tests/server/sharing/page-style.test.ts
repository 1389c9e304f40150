// The server-rendered pages speak the app's design language: every design token they use has the value the
// app's stylesheet gives it, so a change to the app's colours or type scale cannot leave the share pages behind.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_TOKENS } from '../../../server/sharing/page-style';
import { repoRoot } from '../../../tooling/paths';

/** The app's custom properties as its phone-first `:root` declares them (before any media query). */
function appTokens(): Map<string, string> {
  const css = readFileSync(path.join(repoRoot, 'src', 'styles', 'tokens.css'), 'utf8');
  const root = css.slice(css.indexOf(':root'), css.indexOf('@media'));
  const withoutComments = root.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map(
    [...withoutComments.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name ?? '',
      (value ?? '').replace(/\s+/g, ' ').trim(),
    ]),
  );
}

describe('the share pages’ design tokens', () => {
  it('are the app’s own, name for name and value for value', () => {
    const app = appTokens();
    expect(app.size).toBeGreaterThan(20);
    for (const [name, value] of Object.entries(PAGE_TOKENS))
      expect([name, app.get(name)]).toEqual([name, value]);
  });
});
