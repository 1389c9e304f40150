// Issue 24, points 5, 6, 7 and 10, through the real server on PGlite and on two PostgreSQL instances: passkey
// input parsed and bounded, passkeys capped per account; the session token rotated when a guest registers; the
// cookies' flags and HSTS following PUBLIC_BASE_URL's scheme on every cookie set or cleared; and a service-key
// caller refused for a disabled user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USER_DISABLE_PATH,
  ADMIN_USER_ENABLE_PATH,
  accountPaths,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_ERROR_CODES,
} from '../../../contract/accounts';
import { API_PREFIX, myDataPaths, SERVICE_API_KEY_HEADER } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { jobPaths } from '../../../contract/generation';
import { SESSION_ENDED_CODES } from '../../../contract/session-end';
import { SERVICE_USER_ID_HEADER } from '../../../contract/users';
import { type Deployment, deploymentCases } from '../../support/deployments';
import type { Answer } from '../generation/generation-client';
import { adminPost, PasskeyBrowser, SoftwareAuthenticator } from './passkey-browser';

/** Served over plain HTTP here, as behind a TLS proxy that sends no X-Forwarded-Proto. */
const PUBLIC_BASE_URL = 'https://kitchens.example';
const SERVICE_KEY = 'service-key-for-hardening-tests-0123';
const HISTORY = `${API_PREFIX}${jobPaths.history}`;

const codeOf = (answer: Answer) => apiErrorSchema.parse(answer.body).code;
const userOf = (answer: Answer) => (answer.body as { userId: number }).userId;

/** The attributes of each Set-Cookie, lower-cased, without its value, expiry and age. */
const cookieFlags = (answer: Answer) =>
  answer.headers.getSetCookie().map((cookie) =>
    cookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !part.startsWith('expires=') && !part.startsWith('max-age='))
      .sort(),
  );
const EVERY_COOKIE_FLAG = ['httponly', 'path=/', 'samesite=lax', 'secure'];

describe.each(deploymentCases)('accounts hardened, on $name', (deployment) => {
  let env: Deployment;
  beforeAll(async () => {
    env = await deployment.start({ publicBaseUrl: PUBLIC_BASE_URL, serviceApiKey: SERVICE_KEY });
  }, 120_000);
  afterAll(() => env?.close());
  const at = (index: number) => env.origins[index % env.origins.length] ?? '';
  const browser = (index = 0) => new PasskeyBrowser(at(index), PUBLIC_BASE_URL);

  it('parses passkey input: a transports string or unknown transport is a 400, and only known ones are kept', async () => {
    const phone = browser();
    const authenticator = new SoftwareAuthenticator();
    const options = await phone.options(accountPaths.registrationOptions);
    const credential = authenticator.register(options, PUBLIC_BASE_URL);
    for (const transports of ['internal', ['internal', 'x'.repeat(5000)], Array(8).fill('usb')]) {
      const refused = await phone.postJson(accountPaths.register, {
        credential: { ...credential, response: { ...credential.response, transports } },
      });
      expect(refused.status, JSON.stringify(transports).slice(0, 40)).toBe(400);
      expect(codeOf(refused)).toBe('INVALID_INPUT');
    }
    // The challenge was not spent on malformed input: the well-formed answer still registers.
    const saved = await phone.postJson(accountPaths.register, {
      credential: { ...credential, junk: 'x'.repeat(1000), response: { ...credential.response, junk: 1 } },
    });
    expect(saved.status).toBe(200);
    const stored = await env.db.query<{ transports: string }>(
      'SELECT transports FROM passkeys WHERE user_id = $1',
      [userOf(saved)],
    );
    expect(stored).toEqual([{ transports: 'internal' }]);
  });

  it(`caps passkeys at ${MAX_PASSKEYS_PER_ACCOUNT} per account with a clear error, keeping the options small`, async () => {
    const phone = browser();
    const authenticator = new SoftwareAuthenticator();
    let options = await phone.options(accountPaths.registrationOptions);
    for (let n = 0; n < MAX_PASSKEYS_PER_ACCOUNT; n++) {
      expect((await phone.saveKitchens(authenticator, options)).status).toBe(200);
      if (n < MAX_PASSKEYS_PER_ACCOUNT - 1) options = await phone.options(accountPaths.registrationOptions);
    }
    expect(JSON.stringify(options).length).toBeLessThan(4096);
    const full = await phone.postJson(accountPaths.registrationOptions, {});
    expect(full.status).toBe(409);
    expect(codeOf(full)).toBe(PASSKEY_ERROR_CODES.limitReached);
    expect(apiErrorSchema.parse(full.body).message).toContain(
      `already has ${MAX_PASSKEYS_PER_ACCOUNT} passkeys`,
    );
  });

  it('rotates the session token when a guest registers, so a planted guest cookie is worth nothing', async () => {
    const phone = browser();
    await phone.upload();
    const planted = phone.sessionCookie;
    const saved = await phone.saveKitchens(new SoftwareAuthenticator());
    expect(saved.status).toBe(200);
    expect(phone.sessionCookie).not.toBe(planted);
    expect((await phone.request(HISTORY)).status).toBe(200);
    const attacker = PasskeyBrowser.withSession(at(1), planted);
    const refused = await attacker.request(HISTORY);
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe(SESSION_ENDED_CODES.revoked);
  });

  it('sets and clears every cookie Secure and HttpOnly when PUBLIC_BASE_URL is https, and sends HSTS', async () => {
    const phone = browser();
    const authenticator = new SoftwareAuthenticator();
    const created = await phone.postJson(accountPaths.registrationOptions, {});
    const registered = await phone.saveKitchens(authenticator);
    const laptop = browser(1);
    const signInOptions = await laptop.options(accountPaths.signInOptions);
    const signedIn = await laptop.signIn(authenticator, 0, signInOptions);
    const signedOut = await laptop.signOut();
    const deleted = await phone.request(`${API_PREFIX}${myDataPaths.me}`, {
      method: 'DELETE',
      body: JSON.stringify({ confirm: 'delete' }),
      headers: { 'content-type': 'application/json' },
    });
    const answers = { created, registered, signedIn, signedOut, deleted };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeLessThan(300);
      expect(cookieFlags(answer), name).toEqual([EVERY_COOKIE_FLAG]);
      expect(answer.headers.get('strict-transport-security'), name).toBe('max-age=31536000');
    }
  });

  it('refuses a service-key caller acting for a disabled user, and lets it act again once enabled', async () => {
    const phone = browser();
    const accountId = userOf(await phone.saveKitchens(new SoftwareAuthenticator()));
    const asService = (method: string, path: string) =>
      fetch(`${at(1)}${path}`, {
        method,
        headers: {
          [SERVICE_API_KEY_HEADER]: SERVICE_KEY,
          [SERVICE_USER_ID_HEADER]: String(accountId),
          'content-type': 'application/json',
        },
        ...(method === 'DELETE' ? { body: JSON.stringify({ confirm: 'delete' }) } : {}),
      });
    expect((await asService('GET', HISTORY)).status).toBe(200);
    const path = (template: string) => template.replace(':id', String(accountId));
    expect((await adminPost(at(0), path(ADMIN_USER_DISABLE_PATH), SERVICE_KEY)).status).toBe(200);
    for (const [method, route] of [
      ['GET', HISTORY],
      ['DELETE', `${API_PREFIX}${myDataPaths.me}`],
    ] as const) {
      const refused = await asService(method, route);
      expect(refused.status, method).toBe(401);
      expect(apiErrorSchema.parse(await refused.json()).code).toBe(SESSION_ENDED_CODES.disabled);
    }
    expect((await adminPost(at(1), path(ADMIN_USER_ENABLE_PATH), SERVICE_KEY)).status).toBe(200);
    expect((await asService('GET', HISTORY)).status).toBe(200);
  });
});
