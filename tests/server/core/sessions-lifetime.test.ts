// How sessions end, through the real server and database: idle expiry slid forward at most hourly, the absolute
// cap, revocation by the operator route, and the cleanup of long-dead rows. The clock is moved in SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, SERVICE_API_KEY_HEADER } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import type { Database } from '../../../server/db/database';
import { DEAD_SESSION_RETENTION_DAYS } from '../../../server/users/session-cleanup';
import { createSessionStore } from '../../../server/users/session-store';
import { cookieHeader, type RunningServer } from '../../../tooling/server';
import { type AppServer, authorize, startAppServer, visit } from './session-helpers';

const SERVICE_KEY = 'service-key-for-session-tests-0123';
let app: AppServer;
let db: Database;
let server: RunningServer;

beforeAll(async () => {
  app = await startAppServer({ serviceApiKey: SERVICE_KEY, sessionLifetime: { idleDays: 30, maxDays: 90 } });
  ({ db, server } = app);
}, 60_000);

afterAll(() => app?.close());

async function signedIn() {
  const page = await visit(server.origin);
  const response = await authorize(server.origin, page.cookie, page.boot.userId);
  expect(response.status).toBe(200);
  return { userId: page.boot.userId, pending: page.cookie, cookie: cookieHeader(response) };
}

/** Moves a user's session in time: `set` is an SQL assignment list over the sessions row. */
const age = (userId: number, set: string) =>
  db.query(`UPDATE sessions SET ${set} WHERE user_id = $1`, [userId]);

async function sessionOf(userId: number) {
  const [row] = await db.query<{ lastSeen: Date; expires: Date; daysLeft: number }>(
    `SELECT last_seen_at AS "lastSeen", expires_at AS expires,
       round(extract(epoch FROM expires_at - now()) / 86400)::integer AS "daysLeft"
     FROM sessions WHERE user_id = $1`,
    [userId],
  );
  if (!row) throw new Error(`no session for user ${userId}`);
  return row;
}

async function expectSessionEnded(response: Response, code: string) {
  expect(response.status).toBe(401);
  expect(apiErrorSchema.parse(await response.json()).code).toBe(code);
}

const maxAge = (response: Response) =>
  Number(/Max-Age=(\d+)/i.exec(response.headers.getSetCookie()[0] ?? '')?.[1]);

/** The operator route; `key` null sends no key at all. */
const revokeAll = (userId: number | string, key: string | null = SERVICE_KEY) =>
  fetch(`${server.origin}${API_PREFIX}/admin/users/${userId}/sessions`, {
    method: 'DELETE',
    headers: key === null ? {} : { [SERVICE_API_KEY_HEADER]: key },
  });

describe('session expiry', () => {
  it('tells the app the configured lifetimes in the authorisation answer, for its privacy page', async () => {
    const page = await visit(server.origin);
    const response = await authorize(server.origin, page.cookie, page.boot.userId);
    expect(await response.json()).toMatchObject({ sessionIdleDays: 30, sessionMaxDays: 90 });
  });

  it('honours a session without writing to it while it was seen within the hour', async () => {
    const { userId, cookie } = await signedIn();
    const before = await sessionOf(userId);
    const again = await authorize(server.origin, cookie, userId);
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await sessionOf(userId)).toEqual(before);
  });

  it('slides the idle expiry forward, and the cookie with it, once the last slide is over an hour old', async () => {
    const { userId, cookie } = await signedIn();
    await age(userId, "last_seen_at = now() - interval '2 hours', expires_at = now() + interval '3 days'");
    const slid = await authorize(server.origin, cookie, userId);
    expect(slid.status).toBe(200);
    expect(cookieHeader(slid)).toBe(cookie);
    expect(maxAge(slid)).toBeGreaterThan(29 * 86400);
    expect((await sessionOf(userId)).daysLeft).toBe(30);
    // Slid just now: the next request neither writes nor sets a cookie.
    expect((await authorize(server.origin, cookie, userId)).headers.getSetCookie()).toEqual([]);
  });

  it('never slides past the absolute lifetime', async () => {
    const { userId, cookie } = await signedIn();
    await age(
      userId,
      "created_at = now() - interval '88 days', last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 day'",
    );
    const capped = await authorize(server.origin, cookie, userId);
    expect(capped.status).toBe(200);
    expect((await sessionOf(userId)).daysLeft).toBe(2);
    expect(maxAge(capped)).toBeLessThanOrEqual(2 * 86400);
  });

  it('never honours an expired session: its browser is a newcomer again', async () => {
    const { userId, cookie, pending } = await signedIn();
    await age(userId, "expires_at = now() - interval '1 second'");
    const page = await visit(server.origin, '/', cookie);
    expect(page.boot.userId).not.toBe(userId);
    expect(page.cookie).toMatch(/^kr_session=p\./);
    // Neither the session cookie nor the reservation it grew from gets the user back; the API says why.
    for (const stale of [cookie, pending]) {
      await expectSessionEnded(await authorize(server.origin, stale, userId), 'SESSION_EXPIRED');
    }
    expect((await authorize(server.origin, page.cookie, page.boot.userId)).status).toBe(200);
  });
});

describe('revocation', () => {
  it("ends every session of a user through the operator route; the browser's next request is a newcomer's", async () => {
    const { userId, cookie } = await signedIn();
    const response = await revokeAll(userId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId, revokedSessions: 1 });
    expect((await revokeAll(userId)).status).toBe(200);

    // The app already loaded with the old user id: its authorise is refused, which leads to /access-denied.
    await expectSessionEnded(await authorize(server.origin, cookie, userId), 'SESSION_REVOKED');
    const page = await visit(server.origin, '/', cookie);
    expect(page.boot.userId).not.toBe(userId);
  });

  it('refuses the operator route without the service key, and a malformed user id', async () => {
    const { userId, cookie } = await signedIn();
    for (const key of [null, 'not-the-service-key']) {
      const refused = await revokeAll(userId, key);
      expect(refused.status).toBe(401);
      expect(apiErrorSchema.parse(await refused.json()).code).toBe('INVALID_API_KEY');
    }
    // A browser session is no operator.
    const byBrowser = await fetch(`${server.origin}${API_PREFIX}/admin/users/${userId}/sessions`, {
      method: 'DELETE',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(byBrowser.status).toBe(401);
    for (const bad of ['0', 'abc', '99999999999']) expect((await revokeAll(bad)).status).toBe(400);
    expect((await authorize(server.origin, cookie, userId)).status).toBe(200);
  });

  it('revokes one session by its token in the store, once', async () => {
    const store = createSessionStore(db, 5);
    const session = await store.createGuest();
    expect(await store.find(session.token)).toMatchObject({
      state: 'live',
      session: { userId: session.userId },
    });
    expect(await store.revoke(session.token)).toBe(true);
    expect(await store.revoke(session.token)).toBe(false);
    expect(await store.find(session.token)).toEqual({ state: 'dead', reason: 'revoked' });
  });
});

describe('cleanup', () => {
  it('deletes only sessions dead for longer than the retention, once however many instances run it', async () => {
    const store = createSessionStore(db, 5);
    const [live, recentlyDead, longDead] = [await signedIn(), await signedIn(), await signedIn()];
    await age(recentlyDead.userId, "expires_at = now() - interval '1 day'");
    await age(longDead.userId, `expires_at = now() - interval '${DEAD_SESSION_RETENTION_DAYS + 1} days'`);
    const deleted = await Promise.all([1, 2, 3].map(() => store.deleteDead(DEAD_SESSION_RETENTION_DAYS)));
    expect(deleted.reduce((sum, n) => sum + n, 0)).toBe(1);
    const [kept] = await db.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM sessions WHERE user_id = ANY($1)',
      [[live.userId, recentlyDead.userId, longDead.userId]],
    );
    expect(kept?.n).toBe(2);
    expect((await authorize(server.origin, live.cookie, live.userId)).status).toBe(200);
  });
});
