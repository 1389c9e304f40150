// Passkeys on two server instances sharing one real PostgreSQL (separate data directories, images in the
// database): a ceremony begun on one finishes on the other, a challenge is spent for both, and a guest's photo
// adopted at sign-in on one instance opens on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths, PASSKEY_ERROR_CODES } from '../../../contract/accounts';
import { apiErrorSchema } from '../../../contract/errors';
import { imageUrl } from '../../../contract/images';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { PasskeyBrowser, SoftwareAuthenticator } from '../accounts/passkey-browser';

let cluster: TestPostgres;
const instances: RunningServer[] = [];
const temps = [temporaryDir(), temporaryDir()];
/** Behind one load balancer, both instances are configured with the one public address the pages run on. */
const PUBLIC_BASE_URL = 'https://kitchens.example';

beforeAll(async () => {
  cluster = await startPostgres();
  for (const temp of temps) {
    instances.push(
      await startServer(testConfig(temp.dir, { databaseUrl: cluster.url, publicBaseUrl: PUBLIC_BASE_URL })),
    );
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await cluster?.stop();
  for (const temp of temps) temp.remove();
});

const originOf = (index: number) => {
  const instance = instances[index];
  if (!instance) throw new Error('the instance did not start');
  return instance.origin;
};
const onA = () => originOf(0);
const onB = () => originOf(1);

describe('passkeys across instances', () => {
  it('registers and signs in with challenges made on the other instance, each answered once', async () => {
    const authenticator = new SoftwareAuthenticator();
    const phone = new PasskeyBrowser(onA(), PUBLIC_BASE_URL);
    const options = await phone.options(accountPaths.registrationOptions);
    // The same browser (cookie, page origin) answers through instance B, and keeps the rotated cookie it gets.
    const phoneViaB = phone.via(onB());
    const saved = await phoneViaB.saveKitchens(authenticator, options);
    expect(saved.status).toBe(200);
    const accountId = (saved.body as { userId: number }).userId;

    const laptop = new PasskeyBrowser(onB(), PUBLIC_BASE_URL);
    const photo = await laptop.upload();
    const signInOptions = await laptop.options(accountPaths.signInOptions);
    const answer = { credential: authenticator.signIn(signInOptions, PUBLIC_BASE_URL) };
    const laptopViaA = laptop.via(onA());
    const signedIn = await laptopViaA.postJson(accountPaths.signIn, answer);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as { userId: number }).userId).toBe(accountId);
    const replay = await laptop.postJson(accountPaths.signIn, answer);
    expect(apiErrorSchema.parse(replay.body).code).toBe(PASSKEY_ERROR_CODES.challenge);

    // The laptop's guest photo is the account's now, on either instance, for the phone too.
    expect((await laptopViaA.request(imageUrl(photo))).status).toBe(200);
    expect((await phoneViaB.request(imageUrl(photo))).status).toBe(200);
  });
});
