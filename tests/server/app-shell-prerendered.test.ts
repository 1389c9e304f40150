// The prerendered home page (scripts/prerender.ts writes it into dist/prerendered/) goes out for `/` only, with
// the session's boot data like the plain shell; every other app route keeps the plain shell, and the file is never
// served by its own name.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedFileOf, readPrerenderedPages } from '../../server/app-shell/prerendered-pages';
import {
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
  writeTestDist,
} from '../../tooling/server';

const HOME_HEADING = '<h1 tabindex="-1" data-route-heading="true">See Your Kitchen Reimagined</h1>';
const PRERENDERED_HOME =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Kitchen Reimagined</title>' +
  '<script type="module" fetchpriority="low" crossorigin src="/assets/index-Test1234.js"></script></head>' +
  `<body><div id="root" data-prerendered-route="home"><main>${HOME_HEADING}</main></div></body></html>`;

let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  const distDir = writeTestDist(temp.dir);
  const file = path.join(distDir, prerenderedFileOf('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, PRERENDERED_HOME);
  server = await startServer(testConfig(temp.dir, { distDir }));
}, 60_000);

afterAll(async () => {
  await server?.close();
  temp.remove();
});

const page = async (pathname: string) => {
  const response = await fetch(`${server.origin}${pathname}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

describe('the prerendered home page', () => {
  it.each(['/', '/?from=newsletter'])(
    'answers %s with the home heading already in the HTML, and the boot data',
    async (pathname) => {
      const answer = await page(pathname);
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.body).toContain(HOME_HEADING);
      expect(answer.body).toMatch(/<script type="application\/json" id="boot-data">\{"userId":\d+/);
    },
  );

  it.each([
    ['/create-kitchen/design', 200],
    ['/onboarding/how-it-works', 200],
    ['/your-kitchen', 200],
    // No page of the app: its Not Found, with a 404 (tests/server/app-shell-status.test.ts).
    ['/index.html', 404],
    ['/nowhere', 404],
  ])(
    'answers the deep link %s with the plain shell, so no other screen flashes before the app starts',
    async (pathname, status) => {
      const answer = await page(pathname);
      expect(answer.status).toBe(status);
      expect(answer.body).toContain('<div id="root"></div>');
      expect(answer.body).not.toContain('See Your Kitchen Reimagined');
      expect(answer.body).toContain('id="boot-data"');
    },
  );

  it('never serves the prerendered file by its own name, without boot data', async () => {
    const answer = await page(`/${prerenderedFileOf('/')}`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain(HOME_HEADING);
  });
});

describe('readPrerenderedPages', () => {
  it('maps each prerendered file to the path it answers', () => {
    const distDir = path.join(temp.dir, 'pages-dist');
    for (const pathname of ['/', '/onboarding/how-it-works']) {
      const file = path.join(distDir, prerenderedFileOf(pathname));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `page of ${pathname}`);
    }
    expect(Object.fromEntries(readPrerenderedPages(distDir))).toEqual({
      '/': 'page of /',
      '/onboarding/how-it-works': 'page of /onboarding/how-it-works',
    });
    expect(readPrerenderedPages(path.join(temp.dir, 'absent')).size).toBe(0);
  });
});
