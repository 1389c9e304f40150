// Shared by the session tests: the real server with a built app on a database of its own, and a browser's first
// steps against it: a page view (its boot data and cookie) and the app's POST /users/authorize.
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { bootDataSchema } from '../../../contract/users';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import {
  cookieHeader,
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
  writeTestDist,
} from '../../../tooling/server';

const BOOT_DATA = /<script type="application\/json" id="boot-data">(.*?)<\/script>/;

/** Loads a page as a browser would, with `cookie` when given; returns the cookie it sets and its boot data. */
export async function visit(origin: string, path = '/', cookie = '') {
  const response = await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const json = BOOT_DATA.exec(html)?.[1];
  if (!json) throw new Error(`no boot data in ${path}`);
  return { response, json, cookie: cookieHeader(response), boot: bootDataSchema.parse(JSON.parse(json)) };
}

/** The app's authorize call, as a same-origin fetch with the session cookie. */
export function authorize(
  origin: string,
  cookie: string,
  userId: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}${API_PREFIX}${actionPaths.authorizeUser}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie, ...headers },
    body: JSON.stringify({ userId }),
  });
}

export interface AppServer {
  db: Database;
  server: RunningServer;
  close(): Promise<void>;
}

/** The real server, serving a minimal built app, on a fresh migrated in-memory PGlite that the test may query. */
export async function startAppServer(overrides: Partial<Config> = {}): Promise<AppServer> {
  const temp = temporaryDir();
  const db = await openMigratedPglite();
  const config = testConfig(temp.dir, { distDir: writeTestDist(temp.dir), ...overrides });
  const server = await startServer(config, { db });
  return {
    db,
    server,
    async close() {
      await server.close();
      await db.close();
      temp.remove();
    },
  };
}
