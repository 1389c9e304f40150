// Issue 24, point 4: no secret in the logs. The server runs as an operator runs it (its own process, JSON lines
// at info, on PGlite and on PostgreSQL); a share link is made and opened, pages and preview included, and the
// log is read: neither the share token nor the session token appears in any line, and the share requests are
// logged with the token redacted.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { temporaryDir } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { spawnServer } from '../../support/server-process';
import { GenerationClient } from '../generation/generation-client';
import { finishedKitchen, shareOf, stranger } from '../sharing/share-client';

const temp = temporaryDir('kr-log-secrets-');
let cluster: TestPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  temp.remove();
});

const databases = [
  { name: 'PGlite', env: async () => ({}) },
  {
    name: 'PostgreSQL',
    env: async () => {
      cluster = await startPostgres();
      return { DATABASE_URL: cluster.url };
    },
  },
];

/** The session token inside a `kr_session=` cookie (signed, URL-encoded `s.<token>.<signature>`). */
const sessionTokenOf = (cookie: string) =>
  /s\.([A-Za-z0-9_-]{43})/.exec(decodeURIComponent(cookie.replace(/^kr_session=/, '')))?.[1];

describe.each(databases)('the request log on $name', ({ name, env }) => {
  it('never shows a share token or a session token', async () => {
    const server = await spawnServer({
      DATA_DIR: path.join(temp.dir, name),
      SESSION_SECRET: 'log-secrets-session-secret-0123456789abcdef',
      RATE_LIMIT_MAX: '1000',
      ...(await env()),
    });
    try {
      const owner = new GenerationClient(server.origin);
      const { jobId } = await finishedKitchen(owner);
      const { path: page, token } = await shareOf(owner, jobId, true);
      for (const suffix of ['', '/kitchen', '/before', '/og.jpg', '/spec-sheet']) {
        expect((await stranger(server.origin, `${page}${suffix}`)).status).toBe(200);
      }
      const sessionToken = sessionTokenOf(owner.sessionCookie);
      expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await server.waitForOutput(/"url":"\/share\/[^"]*\/spec-sheet"/);

      const log = server.output();
      expect(log).not.toContain(token);
      expect(log).not.toContain(sessionToken);
      const shareLines = log.split('\n').filter((line) => line.includes('"url":"/share/'));
      expect(shareLines.length).toBeGreaterThanOrEqual(5);
      for (const line of shareLines) expect(line).toContain('"url":"/share/[redacted]');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
