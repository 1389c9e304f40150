// The app shell's status (issue 34, point 10): every page of the app answers 200, and any other path the shell
// serves answers 404 with the same shell, whose app shows Not Found. Through the real server (app.inject), and
// held against the app's own reading of a path (machines/kitchen/routes.ts), which the server may not import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOfRoute, ROUTE_IDS, routeFromPath } from '../../machines/kitchen/routes';
import { isAppPage } from '../../server/app-shell/app-pages';
import { openMigratedPglite } from '../../tooling/fresh-pglite';
import {
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
  writeTestDist,
} from '../../tooling/server';

let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  const db = await openMigratedPglite();
  server = await startServer(testConfig(temp.dir, { distDir: writeTestDist(temp.dir) }), { db });
}, 60_000);

afterAll(async () => {
  await server?.close();
  temp.remove();
});

const APP_PAGES = ROUTE_IDS.filter((route) => route !== 'not-found').map(pathOfRoute);
/** Paths the app reads as another route (spec §2's redirects), each a page of the app. */
const REDIRECTING = [
  '/onboarding',
  '/onboarding/nowhere',
  '/create-kitchen',
  '/privacy/',
  '/your-kitchen?x=1',
];
const NOT_PAGES = [
  '/no-such-page',
  '/create-kitchen/nowhere',
  '/create-kitchen/design/more',
  '/privacy/more',
  '/your-kitchen/x',
  '/index.html',
  '/share',
  '/%70rivacy',
];

const shell = (pathname: string, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url: pathname, remoteAddress: '127.0.0.1' });
const isShell = (body: string) => body.includes('<div id="root"></div>') && body.includes('id="boot-data"');

describe('the app shell’s status', () => {
  it.each([...APP_PAGES, ...REDIRECTING])('answers the page %s with 200', async (pathname) => {
    const answer = await shell(pathname);
    expect(answer.statusCode).toBe(200);
    expect(isShell(answer.body)).toBe(true);
  });

  it.each(NOT_PAGES)('answers %s with 404 and the app, which shows Not Found', async (pathname) => {
    const answer = await shell(pathname);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(isShell(answer.body)).toBe(true);
    expect((await shell(pathname, 'HEAD')).statusCode).toBe(404);
  });

  it('reads every path as the app does: a page exactly where the app shows no Not Found', () => {
    for (const pathname of [...APP_PAGES, ...REDIRECTING, ...NOT_PAGES]) {
      const path = pathname.split('?')[0] ?? pathname;
      expect(isAppPage(path), path).toBe(routeFromPath(path).route !== 'not-found');
    }
  });
});
