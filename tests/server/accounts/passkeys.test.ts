// Passkey accounts through the real server on PGlite, with real @simplewebauthn verification of a software
// authenticator's answers: save my kitchens, sign in elsewhere and find them, sign out, the operator's disable,
// and the hostile cases (replays, another session's challenge, a wrong origin, a forged Host, racing replays).
import { describe, expect, it } from 'vitest';
import {
  ADMIN_USER_DISABLE_PATH,
  ADMIN_USER_ENABLE_PATH,
  accountPaths,
  PASSKEY_ERROR_CODES,
} from '../../../contract/accounts';
import { API_PREFIX } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { jobPaths } from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import { SESSION_ENDED_CODES } from '../../../contract/session-end';
import { serverOnPgliteForFile } from '../../../tooling/server';
import { type Answer, startedJob } from '../generation/generation-client';
import { adminPost, PasskeyBrowser, SoftwareAuthenticator } from './passkey-browser';

const SERVICE_KEY = 'service-key-for-passkey-tests-0123';
const LIMIT = 5;
const env = serverOnPgliteForFile({ serviceApiKey: SERVICE_KEY, generationLimit: LIMIT });
/** Passkeys need a named address: the pages run on localhost, as the start line announces. */
const origin = () => env.server.origin.replace('127.0.0.1', 'localhost');

const codeOf = (answer: Answer) => apiErrorSchema.parse(answer.body).code;
const userOf = (answer: Answer) => (answer.body as { userId: number }).userId;

async function generatedKitchen(browser: PasskeyBrowser) {
  const imageId = await browser.uploadMarked();
  const job = await browser.finished(startedJob(await browser.startKitchen({ imageId })).id);
  expect(job.state).toBe('succeeded');
  return { imageId, jobId: job.id };
}

async function historyIds(browser: PasskeyBrowser) {
  const answer = await browser.request(`${API_PREFIX}${jobPaths.history}`);
  expect(answer.status).toBe(200);
  return (answer.body as { jobs: { id: string }[] }).jobs.map((job) => job.id);
}

async function savedAccount() {
  const phone = new PasskeyBrowser(origin());
  const authenticator = new SoftwareAuthenticator();
  const kitchen = await generatedKitchen(phone);
  const saved = await phone.saveKitchens(authenticator);
  expect(saved.status).toBe(200);
  return { phone, authenticator, kitchen, accountId: userOf(saved) };
}

describe('save my kitchens, then sign in elsewhere', () => {
  it("moves the second browser's guest kitchens into the account, keeps the smaller quota, and signs out only there", async () => {
    const { phone, authenticator, kitchen, accountId } = await savedAccount();
    const laptop = new PasskeyBrowser(origin());
    const laptopKitchen = await generatedKitchen(laptop);
    await generatedKitchen(laptop);

    const signedIn = await laptop.signIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ userId: accountId, generationsRemaining: LIMIT - 2 });
    // Both browsers now see every kitchen, and the photos open for both.
    const expected = [kitchen.jobId, laptopKitchen.jobId];
    for (const browser of [phone, laptop]) {
      expect(await historyIds(browser)).toEqual(expect.arrayContaining(expected));
      expect(await historyIds(browser)).toHaveLength(3);
      expect((await browser.request(imageUrl(kitchen.imageId))).status).toBe(200);
      expect((await browser.request(imageUrl(laptopKitchen.imageId))).status).toBe(200);
    }
    // Signing in never raised the quota: the phone's 4 left met the laptop's 3.
    expect(await phone.remaining()).toBe(LIMIT - 2);

    expect((await laptop.signOut()).status).toBe(204);
    const afterSignOut = await laptop.request(`${API_PREFIX}${jobPaths.history}`);
    expect(afterSignOut.status).toBe(200); // the cookie is gone: a newcomer, who owns nothing
    expect((afterSignOut.body as { jobs: unknown[] }).jobs).toEqual([]);
    expect(await historyIds(phone)).toHaveLength(3);
  });

  it('does not merge an account into another when a signed-in browser signs in with a second account', async () => {
    const first = await savedAccount();
    const second = await savedAccount();
    expect((await first.phone.signIn(second.authenticator)).status).toBe(200);
    expect(await historyIds(first.phone)).toEqual([second.kitchen.jobId]);
    // The first account is whole on its own passkey.
    const elsewhere = new PasskeyBrowser(origin());
    expect(userOf(await elsewhere.signIn(first.authenticator))).toBe(first.accountId);
    expect(await historyIds(elsewhere)).toEqual([first.kitchen.jobId]);
  });

  it('refuses to merge while the guest and the account each have a generation running, and moves nothing', async () => {
    const { phone, authenticator, kitchen, accountId } = await savedAccount();
    const laptop = new PasskeyBrowser(origin());
    const laptopKitchen = await generatedKitchen(laptop);
    // One running job per user (a unique index): both kitchens held as running, each under another runner's lease.
    await env.db.query(
      `UPDATE generation_jobs SET state = 'rendering', lease_owner = 'elsewhere',
         lease_expires_at = now() + interval '1 hour' WHERE id IN ($1, $2)`,
      [kitchen.jobId, laptopKitchen.jobId],
    );

    const refused = await laptop.signIn(authenticator);
    expect(refused.status).toBe(409);
    expect(codeOf(refused)).toBe(PASSKEY_ERROR_CODES.busy);
    // Nothing moved: each still sees only its own kitchen, and the laptop is still its own guest.
    expect(await historyIds(phone)).toEqual([kitchen.jobId]);
    expect(await historyIds(laptop)).toEqual([laptopKitchen.jobId]);
    expect((await laptop.request(imageUrl(laptopKitchen.imageId))).status).toBe(200);
    expect((await phone.request(imageUrl(laptopKitchen.imageId))).status).toBe(404);
    const [owner] = await env.db.query<{ userId: number }>(
      'SELECT user_id AS "userId" FROM generation_jobs WHERE id = $1',
      [laptopKitchen.jobId],
    );
    expect(owner?.userId).not.toBe(accountId);
  });

  it('tells an app whose session was signed out elsewhere why its requests fail', async () => {
    const { phone } = await savedAccount();
    const staleTab = PasskeyBrowser.withSession(origin(), phone.sessionCookie);
    expect((await phone.signOut()).status).toBe(204);
    const refused = await staleTab.request(`${API_PREFIX}${jobPaths.history}`);
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe(SESSION_ENDED_CODES.revoked);
  });
});

describe('hostile and unlucky ceremonies', () => {
  it('refuses a replayed registration and an answer to another session’s challenge', async () => {
    const browser = new PasskeyBrowser(origin());
    const authenticator = new SoftwareAuthenticator();
    const options = await browser.options(accountPaths.registrationOptions);
    const answer = { credential: authenticator.register(options, origin()) };
    expect((await browser.postJson(accountPaths.register, answer)).status).toBe(200);
    const replay = await browser.postJson(accountPaths.register, answer);
    expect(replay.status).toBe(400);
    expect(codeOf(replay)).toBe(PASSKEY_ERROR_CODES.challenge);

    const victim = new PasskeyBrowser(origin());
    const victimOptions = await victim.options(accountPaths.registrationOptions);
    const attacker = new PasskeyBrowser(origin());
    const stolen = await attacker.saveKitchens(new SoftwareAuthenticator(), victimOptions);
    expect(codeOf(stolen)).toBe(PASSKEY_ERROR_CODES.challenge);
    // The victim's own answer still works: the attacker's attempt did not spend it.
    expect((await victim.saveKitchens(new SoftwareAuthenticator(), victimOptions)).status).toBe(200);
  });

  it('refuses an answer signed for another origin, and spends its challenge', async () => {
    const phishing = new PasskeyBrowser(origin(), 'https://kitchen-reimagined.example');
    const authenticator = new SoftwareAuthenticator();
    const options = await phishing.options(accountPaths.registrationOptions);
    const refused = await phishing.saveKitchens(authenticator, options);
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe(PASSKEY_ERROR_CODES.verification);
    expect(codeOf(await phishing.saveKitchens(authenticator, options))).toBe(PASSKEY_ERROR_CODES.challenge);
  });

  it('lets one of dozens of simultaneous replays of a sign-in through', async () => {
    const { authenticator, accountId } = await savedAccount();
    const laptop = new PasskeyBrowser(origin());
    const options = await laptop.options(accountPaths.signInOptions);
    const body = { credential: authenticator.signIn(options, origin()) };
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => laptop.postJson(accountPaths.signIn, body)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(23);
    expect(answers.map(userOf).filter((id) => id === accountId)).toHaveLength(1);
  });

  it('refuses a passkey the server never saved', async () => {
    const stranger = new SoftwareAuthenticator();
    const browser = new PasskeyBrowser(origin());
    stranger.register(await browser.options(accountPaths.registrationOptions), origin());
    const refused = await browser.signIn(stranger);
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe(PASSKEY_ERROR_CODES.unknownCredential);
  });

  it('never takes the relying party from a forged Host or a non-loopback peer without PUBLIC_BASE_URL', async () => {
    const ask = (host: string, remoteAddress: string) =>
      env.server.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${accountPaths.registrationOptions}`,
        headers: { host, 'content-type': 'application/json' },
        remoteAddress,
        payload: '{}',
      });
    const forged = await ask('evil.example', '127.0.0.1');
    expect(forged.statusCode).toBe(503);
    expect(forged.json().code).toBe(PASSKEY_ERROR_CODES.unavailable);
    expect((await ask('localhost', '203.0.113.9')).statusCode).toBe(503);
    const local = await ask('localhost:3000', '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.json().rp.id).toBe('localhost');
  });
});

describe('an operator disables an account', () => {
  it('ends its open sessions with ACCOUNT_DISABLED, refuses its passkey, and lets it back when enabled', async () => {
    const { phone, authenticator, accountId } = await savedAccount();
    const path = (template: string) => template.replace(':id', String(accountId));
    expect((await adminPost(origin(), path(ADMIN_USER_DISABLE_PATH), 'not-the-key')).status).toBe(401);
    const disabled = await adminPost(origin(), path(ADMIN_USER_DISABLE_PATH), SERVICE_KEY);
    expect(await disabled.json()).toEqual({ userId: accountId, disabled: true, revokedSessions: 1 });

    const refused = await phone.request(`${API_PREFIX}${jobPaths.history}`);
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe(SESSION_ENDED_CODES.disabled);
    const laptop = new PasskeyBrowser(origin());
    const signIn = await laptop.signIn(authenticator);
    expect(signIn.status).toBe(403);
    expect(codeOf(signIn)).toBe(SESSION_ENDED_CODES.disabled);

    expect((await adminPost(origin(), path(ADMIN_USER_ENABLE_PATH), SERVICE_KEY)).status).toBe(200);
    expect(userOf(await laptop.signIn(authenticator))).toBe(accountId);
    expect((await adminPost(origin(), '/admin/users/999999/disable', SERVICE_KEY)).status).toBe(404);
  });
});
