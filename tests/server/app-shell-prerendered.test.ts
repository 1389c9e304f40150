// The prerendered home page (scripts/prerender.ts writes it into dist/prerendered/) goes out for `/` only, with
// the session's boot data like the plain shell; every other app route keeps the plain shell, and the file is never
// served by its own name.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedFileOf, readPrerenderedPages } from '../../server/app-shell/prerendered-pages';
import { registerGenerationProvider } from '../../server/generation/provider-registry';
import { createLocalProvider } from '../../server/generation/providers/local-provider';
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

/** Home as the build prerenders it for a site with an AI image service (its words differ, issue 36). */
const AI_HOME = PRERENDERED_HOME.replace('<main>', '<main><p>AI kitchen redesign</p>');
/** An AI service's stand-in: only its name matters to the shell. */
const TEST_AI_SERVICE = 'test-ai-service';

let server: RunningServer;
let aiServer: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  const distDir = writeTestDist(temp.dir);
  for (const [kind, html] of [
    ['recolor', PRERENDERED_HOME],
    ['ai', AI_HOME],
  ] as const) {
    const file = path.join(distDir, prerenderedFileOf('/', kind));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  registerGenerationProvider(TEST_AI_SERVICE, createLocalProvider);
  [server, aiServer] = await Promise.all([
    startServer(testConfig(temp.dir, { distDir })),
    startServer(testConfig(path.join(temp.dir, 'ai'), { distDir, generationProvider: TEST_AI_SERVICE })),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.close(), aiServer?.close()]);
  temp.remove();
});

const page = async (pathname: string, from = server) => {
  const response = await fetch(`${from.origin}${pathname}`);
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

  it('tells the app its image service, and sends home as prerendered for that kind of service', async () => {
    const offline = await page('/');
    expect(offline.body).toMatch(/id="boot-data">\{"userId":\d+,"baseUrl":"","imageService":"local"\}/);
    expect(offline.body).not.toContain('AI kitchen redesign');
    const ai = await page('/', aiServer);
    expect(ai.body).toContain(`"imageService":"${TEST_AI_SERVICE}"`);
    expect(ai.body).toContain('<main><p>AI kitchen redesign</p>');
  });

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
    expect(readPrerenderedPages(distDir, 'ai').size).toBe(0);
    expect(readPrerenderedPages(path.join(temp.dir, 'absent')).size).toBe(0);
  });
});
