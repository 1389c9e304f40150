// Every algorithm the server offers for a passkey is one it accepts (issue 34): registration and sign-in through
// the real server on PGlite, with a software authenticator's real keys of each algorithm, the largest (ML-DSA-87)
// also with WebAuthn's longest credential id. Before, Chromium 156's ML-DSA-44 passkeys were made ("Kitchens
// saved") and then refused at every sign-in: their 3,227-character signature passed a 1,024-character cap.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountPaths, PASSKEY_ALGORITHMS, type PasskeyAlgorithmName } from '../../../contract/accounts';
import { serverOnPgliteForFile } from '../../../tooling/server';
import type { Answer } from '../generation/generation-client';
import { PasskeyBrowser, SoftwareAuthenticator } from './passkey-browser';

const env = serverOnPgliteForFile({ serviceApiKey: 'service-key-for-passkey-algorithms-0123' });
/** Passkeys need a named address: the pages run on localhost, as the start line announces. */
const origin = () => env.server.origin.replace('127.0.0.1', 'localhost');
const userOf = (answer: Answer) => (answer.body as { userId: number }).userId;
const byteLength = (base64url: string) => Buffer.from(base64url, 'base64url').length;

/** Whether this Node makes ML-DSA keys (Node 24.7 and later): then the server must offer and accept them. */
const nodeHasMlDsa = (() => {
  try {
    generateKeyPairSync('ml-dsa-44' as 'ed25519');
    return true;
  } catch {
    return false;
  }
})();

const testable = PASSKEY_ALGORITHMS.filter(({ postQuantum }) => nodeHasMlDsa || !postQuantum);

/** Saves a kitchen with a new passkey on one browser and signs in with it on another; the sign-in's answer. */
async function saveThenSignIn(authenticator: SoftwareAuthenticator) {
  const phone = new PasskeyBrowser(origin());
  const saved = await phone.saveKitchens(authenticator);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const laptop = new PasskeyBrowser(origin());
  const options = await laptop.options(accountPaths.signInOptions);
  const credential = authenticator.signIn(options, origin());
  const signedIn = await laptop.postJson(accountPaths.signIn, { credential });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(userOf(signedIn)).toBe(userOf(saved));
  return credential;
}

describe('the algorithms a passkey may use', () => {
  it('offers the contract’s list, most preferred first, ML-DSA included where Node verifies it', async () => {
    const options = await new PasskeyBrowser(origin()).options(accountPaths.registrationOptions);
    expect(options.pubKeyCredParams).toEqual(
      testable.map(({ coseId }) => ({ alg: coseId, type: 'public-key' })),
    );
  });

  it.each(testable.map(({ name }) => name))(
    'saves kitchens with a %s passkey and signs in with it elsewhere',
    async (name: PasskeyAlgorithmName) => {
      const authenticator = new SoftwareAuthenticator(name);
      const credential = await saveThenSignIn(authenticator);
      // The contract's sizes for the algorithm hold what a real key of it signs.
      const sizes = PASSKEY_ALGORITHMS.find((algorithm) => algorithm.name === name);
      expect(byteLength(credential.response.signature)).toBeLessThanOrEqual(sizes?.signature ?? 0);
    },
  );

  it.skipIf(!nodeHasMlDsa)(
    'takes the largest answer WebAuthn allows: ML-DSA-87 with a 1,023-byte credential id',
    async () => {
      const authenticator = new SoftwareAuthenticator('ML-DSA-87', 1023);
      const credential = await saveThenSignIn(authenticator);
      expect(byteLength(credential.response.signature)).toBe(4627);
    },
  );
});
