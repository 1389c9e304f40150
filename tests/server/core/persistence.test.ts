// Data in `DATA_DIR` survives a restart: the PGlite database and the generated session secret, so a browser
// keeps its user, and that user keeps its spent quota.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { authorizeResponseSchema } from '../../../contract/users';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import { createQuota } from '../../../server/quota/quota';
import { cookieHeader, startServer, temporaryDir, writeTestDist } from '../../../tooling/server';
import { authorize, visit } from './session-helpers';

const temp = temporaryDir();
afterAll(() => temp.remove());

// As `npm start` would see it: no SESSION_SECRET, no DATABASE_URL.
const env = {
  DATA_DIR: temp.dir,
  DIST_DIR: writeTestDist(temp.dir),
  LOG_LEVEL: 'silent',
  MODERATION: 'rule',
};

it('keeps users, sessions and quota across a restart with the same data directory', async () => {
  // The first server shares a database opened here from the same config, so the test can spend quota on it.
  const config = loadConfig(env);
  const db = await openDatabase(config);
  const first = await startServer(config, { db });
  let cookie: string;
  let userId: number;
  try {
    const page = await visit(first.origin);
    userId = page.boot.userId;
    const response = await authorize(first.origin, page.cookie, userId);
    expect(response.status).toBe(200);
    cookie = cookieHeader(response);
    const claimed = await createQuota(db).claim(userId);
    expect(claimed).toMatchObject({ granted: true, remaining: 4 });
  } finally {
    await first.close();
    await db.close();
  }
  expect(existsSync(path.join(temp.dir, 'pg'))).toBe(true);
  expect(existsSync(path.join(temp.dir, 'session-secret'))).toBe(true);

  const second = await startServer(loadConfig(env));
  try {
    const response = await authorize(second.origin, cookie, userId);
    expect(response.status).toBe(200);
    expect(authorizeResponseSchema.parse(await response.json())).toMatchObject({
      userId,
      generationsRemaining: 4,
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  } finally {
    await second.close();
  }
}, 60_000);
