// Lazy guests through the real server: page views and reads write no row, the first state-changing request
// creates exactly one guest however many requests race, and no cookie we did not issue (forged, tampered, signed
// elsewhere, or from another database) ever names a user.
import { randomBytes, randomUUID } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../contract/endpoints';
import { generationHistorySchema, jobPaths } from '../../../contract/generation';
import { authorizeResponseSchema } from '../../../contract/users';
import type { Database } from '../../../server/db/database';
import { SESSION_COOKIE } from '../../../server/users/session';
import { cookieHeader, type RunningServer } from '../../../tooling/server';
import { type AppServer, authorize, startAppServer, visit } from './session-helpers';

const SECRET = 'sessions-guests-secret-that-is-long-enough-0123';
let app: AppServer;
let db: Database;
let server: RunningServer;

beforeAll(async () => {
  // Every server here shares this secret, as a switched or restored database's server does.
  app = await startAppServer({ sessionSecret: SECRET });
  ({ db, server } = app);
}, 60_000);

afterAll(() => app?.close());

async function count(database: Database, table: 'users' | 'sessions'): Promise<number> {
  const [row] = await database.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`);
  return row?.n ?? -1;
}

const rows = async (database = db) => ({
  users: await count(database, 'users'),
  sessions: await count(database, 'sessions'),
});

/** A visitor who has loaded a page and been authorised: a real user with a live session. */
async function signedIn(origin = server.origin) {
  const page = await visit(origin);
  const response = await authorize(origin, page.cookie, page.boot.userId);
  expect(response.status).toBe(200);
  return { userId: page.boot.userId, cookie: cookieHeader(response) };
}

const signedCookie = (value: string, secret = SECRET) =>
  `${SESSION_COOKIE}=${encodeURIComponent(sign(value, secret))}`;
const token = () => randomBytes(32).toString('base64url');

const apiGet = (path: string, cookie = '') =>
  fetch(`${server.origin}${API_PREFIX}${path}`, { headers: cookie ? { cookie } : {} });

describe('guests are created lazily', () => {
  it('writes no row for a cookie-less page view or API read, and reads act for nobody', async () => {
    const before = await rows();
    const page = await visit(server.origin, '/create-kitchen/design');
    expect(page.boot.userId).toBeGreaterThan(0);
    expect(page.cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=p\\.${page.boot.userId}\\.`));

    for (const cookie of ['', page.cookie]) {
      const history = await apiGet(jobPaths.history, cookie);
      expect(history.status).toBe(200);
      expect(generationHistorySchema.parse(await history.json()).jobs).toEqual([]);
      expect(history.headers.getSetCookie()).toEqual([]);
      expect((await apiGet(`/images/${randomUUID()}`, cookie)).status).toBe(404);
    }
    // A second page view with the reservation keeps it, still without a row.
    expect((await visit(server.origin, '/', page.cookie)).boot.userId).toBe(page.boot.userId);
    expect(await rows()).toEqual(before);
  });

  it('creates exactly one guest, with the reserved id, at the first state-changing request', async () => {
    const before = await rows();
    const page = await visit(server.origin);
    const first = await authorize(server.origin, page.cookie, page.boot.userId);
    expect(first.status).toBe(200);
    expect(authorizeResponseSchema.parse(await first.json()).userId).toBe(page.boot.userId);
    const session = cookieHeader(first);
    expect(session).toMatch(new RegExp(`^${SESSION_COOKIE}=s\\.[\\w-]{43}\\.`));
    expect(first.headers.getSetCookie()[0]).toMatch(/; Max-Age=2592000;/);

    // The session cookie and the old reservation (a request sent before the new cookie arrived) are the same user.
    for (const cookie of [session, page.cookie]) {
      expect((await authorize(server.origin, cookie, page.boot.userId)).status).toBe(200);
    }
    expect((await visit(server.origin, '/', session)).boot.userId).toBe(page.boot.userId);
    expect(await rows()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
  });

  it('turns 50 concurrent first requests with the same reservation into one user and one session', async () => {
    const before = await rows();
    const page = await visit(server.origin);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => authorize(server.origin, page.cookie, page.boot.userId)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const userIds = await Promise.all(
      answers.map(async (a) => authorizeResponseSchema.parse(await a.json()).userId),
    );
    expect(new Set(userIds)).toEqual(new Set([page.boot.userId]));
    expect(new Set(answers.map(cookieHeader)).size).toBe(1);
    expect(await rows()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
  });

  it('gives 50 concurrent first visits 50 distinct users', async () => {
    const before = await rows();
    const pages = await Promise.all(Array.from({ length: 50 }, () => visit(server.origin)));
    expect(new Set(pages.map((page) => page.boot.userId)).size).toBe(50);
    expect(await rows()).toEqual(before);
    const answers = await Promise.all(
      pages.map((page) => authorize(server.origin, page.cookie, page.boot.userId)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await rows()).toEqual({ users: before.users + 50, sessions: before.sessions + 50 });
  });

  it('creates one guest per cookie-less POST, and none for a cross-site one', async () => {
    const before = await rows();
    const answer = await authorize(server.origin, '', 1);
    expect(answer.status).toBe(403);
    expect(cookieHeader(answer)).toMatch(new RegExp(`^${SESSION_COOKIE}=s\\.`));
    const crossSite = await authorize(server.origin, '', 1, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await rows()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
  });
});

describe('cookies this server did not issue name nobody', () => {
  it('treats forged, tampered and foreign-secret cookies as a newcomer, never as the user they name', async () => {
    const victim = await signedIn();
    const victimToken = decodeURIComponent(victim.cookie).split('.')[1] ?? '';
    const tamperedToken = `${victimToken[0] === 'A' ? 'B' : 'A'}${victimToken.slice(1)}`;
    const forgeries = [
      `${SESSION_COOKIE}=p.${victim.userId}.${token()}`, // unsigned
      `${SESSION_COOKIE}=s.${victimToken}`, // the real token, unsigned
      `${SESSION_COOKIE}=${victim.userId}.forged-signature`, // the old format
      signedCookie(`p.${victim.userId}.${token()}`, 'another-deployments-secret-0123456789abcdef'),
      victim.cookie.replace(victimToken, tamperedToken), // the victim's cookie with its token altered
      signedCookie(`s.${token()}`), // properly signed, but a token no session has
    ];
    for (const cookie of forgeries) {
      const page = await visit(server.origin, '/', cookie);
      expect(page.boot.userId).not.toBe(victim.userId);
      expect(page.cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=p\\.${page.boot.userId}\\.`));
      expect((await authorize(server.origin, cookie, victim.userId)).status).toBe(403);
    }
    expect((await authorize(server.origin, victim.cookie, victim.userId)).status).toBe(200);
  });

  it("never lets a reservation adopt an id that is already someone else's", async () => {
    const owner = await signedIn();
    // A validly signed reservation of the owner's id (as a restored database's sequence would hand out again).
    const reservation = signedCookie(`p.${owner.userId}.${token()}`);
    expect((await visit(server.origin, '/', reservation)).boot.userId).toBe(owner.userId);
    const answer = await authorize(server.origin, reservation, owner.userId);
    expect(answer.status).toBe(403);
    const fresh = await visit(server.origin, '/', cookieHeader(answer));
    expect(fresh.boot.userId).not.toBe(owner.userId);
    expect((await authorize(server.origin, cookieHeader(answer), fresh.boot.userId)).status).toBe(200);
  });
});

describe('a switched or restored database', () => {
  it('never names its own user with the same id as the cookie from the other database', async () => {
    const otherApp = await startAppServer({ sessionSecret: SECRET });
    const { db: other, server: otherServer } = otherApp;
    try {
      const here = await signedIn();
      // The other database's sequence stands just below: its next user gets the same id as `here`.
      await other.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [here.userId - 1]);
      const there = await signedIn(otherServer.origin);
      expect(there.userId).toBe(here.userId);
      const before = await rows(other);

      const page = await visit(otherServer.origin, '/', here.cookie);
      expect(page.boot.userId).not.toBe(here.userId);
      const answer = await authorize(otherServer.origin, here.cookie, here.userId);
      expect(answer.status).toBe(403);
      expect((await authorize(otherServer.origin, there.cookie, there.userId)).status).toBe(200);

      // A reservation made here, for an id the other database has not handed out yet, is not taken up there
      // either: the other database's sequence would hand the same id out again later.
      await db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [there.userId + 100]);
      const reservedHere = await visit(server.origin);
      expect(reservedHere.boot.userId).toBe(there.userId + 101);
      expect(
        (await authorize(otherServer.origin, reservedHere.cookie, reservedHere.boot.userId)).status,
      ).toBe(403);
      // The other database's own visitors still get fresh ids without colliding.
      const next = [];
      for (let i = 0; i < 3; i++) next.push((await signedIn(otherServer.origin)).userId);
      expect(new Set(next).size).toBe(3);
      expect(await rows(other)).toEqual({ users: before.users + 5, sessions: before.sessions + 5 });
    } finally {
      await otherApp.close();
    }
  }, 60_000);
});
