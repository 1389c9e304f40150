// Guest sessions, boot data, /users/authorize and the service API key, against the real listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, SERVICE_API_KEY_HEADER } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { authorizeResponseSchema, SERVICE_USER_ID_HEADER } from '../../../contract/users';
import { bootDataElement } from '../../../server/app-shell/app-shell';
import { SESSION_COOKIE } from '../../../server/users/session';
import { cookieHeader, type RunningServer } from '../../../tooling/server';
import { GenerationClient } from '../generation/generation-client';
import { type AppServer, authorize as authorizeAt, startAppServer, visit } from './session-helpers';

const SERVICE_KEY = 'service-key-for-tests-0123456789';

let app: AppServer;
let server: RunningServer;

beforeAll(async () => {
  app = await startAppServer({
    serviceApiKey: SERVICE_KEY,
    publicBaseUrl: 'https://kitchen.example',
    // The real moderator, as `npm start` runs it: the composed server must load and use it.
    moderation: 'nsfw',
  });
  ({ server } = app);
}, 60_000);

afterAll(() => app?.close());

const firstVisit = (path = '/') => visit(server.origin, path);
const authorize = (cookie: string, userId: unknown, headers: Record<string, string> = {}) =>
  authorizeAt(server.origin, cookie, userId, headers);

describe('guest sessions', () => {
  it('sets a signed, HttpOnly, SameSite=Lax cookie reserving the boot user id on the first page load', async () => {
    const { response, boot } = await firstVisit();
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=p\\.${boot.userId}\\.[\\w-]{43}\\.[\\w%+/-]+;`));
    expect(cookie).toMatch(/; Max-Age=2592000/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    // Reached over plain HTTP here, but PUBLIC_BASE_URL says people use HTTPS (a proxy in front): Secure.
    expect(cookie).toMatch(/; Secure/i);
  });

  it('injects the boot data (user id, base URL and image service) into the page', async () => {
    const { boot } = await firstVisit('/create-kitchen/design');
    expect(boot).toEqual({
      userId: expect.any(Number),
      baseUrl: 'https://kitchen.example',
      imageService: 'local',
    });
    expect(boot.userId).toBeGreaterThan(0);
  });

  it('keeps the same user while the browser sends its cookie, and sets no new cookie', async () => {
    const { cookie, boot } = await firstVisit();
    const again = await fetch(`${server.origin}/onboarding/how-it-works`, { headers: { cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await visit(server.origin, '/onboarding/how-it-works', cookie)).json).toBe(
      JSON.stringify({ userId: boot.userId, baseUrl: 'https://kitchen.example', imageService: 'local' }),
    );
  });

  it('gives each new browser its own user', async () => {
    const [a, b] = await Promise.all([firstVisit(), firstVisit()]);
    expect(a.boot.userId).not.toBe(b.boot.userId);
  });

  it('creates a guest on a first API call too, with a session cookie', async () => {
    const response = await authorize('', 1);
    expect(response.status).toBe(403);
    expect(cookieHeader(response)).toMatch(new RegExp(`^${SESSION_COOKIE}=s\\.[\\w-]{43}\\.`));
  });

  it('escapes "<" in boot data so a value cannot close the script element', () => {
    const element = bootDataElement({ userId: 1, baseUrl: '</script><script>alert(1)</script>' });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script[^>]*>(.*)<\/script>$/.exec(element)?.[1] ?? '';
    expect(JSON.parse(json).baseUrl).toBe('</script><script>alert(1)</script>');
  });
});

describe('POST /users/authorize', () => {
  it("answers 200 with the user and remaining generations for the session's own user id", async () => {
    const { cookie, boot } = await firstVisit();
    const response = await authorize(cookie, boot.userId);
    expect(response.status).toBe(200);
    expect(authorizeResponseSchema.parse(await response.json())).toEqual({
      userId: boot.userId,
      generationsRemaining: 5,
      generationLimit: 5,
      imageRetentionDays: 30,
      sessionIdleDays: 30,
      sessionMaxDays: 400,
      isAccount: false,
    });
  });

  it('accepts the user id as a numeric string (spec §2)', async () => {
    const { cookie, boot } = await firstVisit();
    expect((await authorize(cookie, String(boot.userId))).status).toBe(200);
  });

  it("answers 403 with a JSON error for another user's id", async () => {
    const alice = await firstVisit();
    const bob = await firstVisit();
    const response = await authorize(bob.cookie, alice.boot.userId);
    expect(response.status).toBe(403);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({
      statusCode: 403,
      code: 'USER_MISMATCH',
    });
  });

  it('answers 400 for a body without a valid user id', async () => {
    const { cookie } = await firstVisit();
    for (const userId of [0, -3, 1.5, 'abc', null]) {
      const response = await authorize(cookie, userId);
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('INVALID_INPUT');
    }
  });
});

describe('the service API key', () => {
  it('authenticates a server-to-server caller acting for the user it names', async () => {
    const { cookie, boot } = await firstVisit();
    expect((await authorize(cookie, boot.userId)).status).toBe(200);
    const headers = { [SERVICE_API_KEY_HEADER]: SERVICE_KEY, [SERVICE_USER_ID_HEADER]: String(boot.userId) };
    const response = await authorize('', boot.userId, headers);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const other = await authorize('', boot.userId + 1_000_000, headers);
    expect(other.status).toBe(403);
  });

  it('answers 401 for a wrong key, whatever the cookie says', async () => {
    const { cookie, boot } = await firstVisit();
    const response = await authorize(cookie, boot.userId, {
      [SERVICE_API_KEY_HEADER]: 'not-the-key',
      [SERVICE_USER_ID_HEADER]: String(boot.userId),
    });
    expect(response.status).toBe(401);
    expect(apiErrorSchema.parse(await response.json()).code).toBe('INVALID_API_KEY');
  });

  it('requires the acting user to be named and to exist', async () => {
    const missing = await authorize('', 1, { [SERVICE_API_KEY_HEADER]: SERVICE_KEY });
    expect(missing.status).toBe(400);
    const unknown = await authorize('', 1, {
      [SERVICE_API_KEY_HEADER]: SERVICE_KEY,
      [SERVICE_USER_ID_HEADER]: '2000000000',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('photos through the composed server (real sharp and nsfwjs)', () => {
  it("keeps a safe kitchen photo for its owner only: another session's request is a 404", async () => {
    const owner = new GenerationClient(server.origin);
    const imageId = await owner.upload();

    const imagePath = `${API_PREFIX}/images/${imageId}`;
    const mine = await owner.request(imagePath);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^image\//);
    const stranger = new GenerationClient(server.origin);
    expect((await stranger.request(imagePath)).status).toBe(404);
  }, 60_000);
});
