// The WebAuthn ceremonies themselves, over @simplewebauthn/server (loaded on first use, so start-up stays quick).
// Every challenge is taken from the database before anything is verified: a replay, or an answer to another
// session's challenge, fails there whatever the rest of it says.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import { PASSKEY_ALGORITHMS, PASSKEY_ERROR_CODES, type passkeyResponseSchema } from '../../contract/accounts';
import { HttpError } from '../http/errors';
import type { NewPasskey, StoredPasskey } from './account-store';
import type { CeremonyPurpose, ChallengeStore } from './challenge-store';
import { RELYING_PARTY_NAME, type RelyingParty } from './relying-party';

type PasskeyResponse = z.output<typeof passkeyResponseSchema>;

let library: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => {
  library ??= import('@simplewebauthn/server');
  return library;
};

/** Whether this runtime's WebCrypto verifies `algorithm`, as the library asks before it offers ML-DSA. */
function runtimeVerifies(algorithm: string): boolean {
  const subtle = globalThis.SubtleCrypto as unknown as {
    supports?: (operation: string, name: string) => boolean;
  };
  try {
    return subtle.supports?.('verify', algorithm) === true;
  } catch {
    return false;
  }
}

let offered: number[] | undefined;
/**
 * The COSE ids a new passkey may use (issue 34: accept what you offer): the contract's list, whose largest member
 * its bounds are taken from, without the ML-DSA ones this runtime cannot verify. Asked once.
 */
function offeredAlgorithmIds(): number[] {
  offered ??= PASSKEY_ALGORITHMS.filter(({ name, postQuantum }) => !postQuantum || runtimeVerifies(name)).map(
    ({ coseId }) => coseId,
  );
  return offered;
}

const notVerified = () =>
  new HttpError(400, PASSKEY_ERROR_CODES.verification, 'The passkey could not be verified.');

/** The challenge the browser signed, read from its clientDataJSON; undefined when unreadable. */
function signedChallenge(response: PasskeyResponse): string | undefined {
  try {
    const clientData: unknown = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

async function takeChallenge(
  challenges: ChallengeStore,
  userId: number,
  purpose: CeremonyPurpose,
  response: PasskeyResponse,
): Promise<string> {
  const challenge = signedChallenge(response);
  if (challenge === undefined || !(await challenges.take(userId, purpose, challenge))) {
    throw new HttpError(
      400,
      PASSKEY_ERROR_CODES.challenge,
      'This passkey prompt has expired or was already answered. Please try again.',
    );
  }
  return challenge;
}

/** What every verification expects of an answer. User presence is always checked; verification is preferred. */
const expectations = (rp: RelyingParty, expectedChallenge: string) => ({
  expectedChallenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: false,
});

export interface Ceremonies {
  registrationOptions(userId: number, rp: RelyingParty, existing: StoredPasskey[]): Promise<object>;
  verifyRegistration(userId: number, rp: RelyingParty, response: PasskeyResponse): Promise<NewPasskey>;
  signInOptions(userId: number, rp: RelyingParty): Promise<object>;
  /** Verifies an answer signed by `passkey`; the new signature counter. */
  verifySignIn(
    userId: number,
    rp: RelyingParty,
    response: PasskeyResponse,
    passkey: StoredPasskey,
  ): Promise<number>;
}

export function createCeremonies(challenges: ChallengeStore): Ceremonies {
  return {
    async registrationOptions(userId, rp, existing) {
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: RELYING_PARTY_NAME,
        rpID: rp.id,
        userName: `kitchen-${userId}`,
        userDisplayName: 'My kitchens',
        attestationType: 'none',
        supportedAlgorithmIDs: offeredAlgorithmIds(),
        excludeCredentials: existing.map(({ credentialId, transports }) => ({
          id: credentialId,
          transports,
        })),
        // Discoverable: another browser signs in without typing anything (there is no user name to type).
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await challenges.save(userId, 'register', options.challenge);
      return options;
    },

    async verifyRegistration(userId, rp, response) {
      const expectedChallenge = await takeChallenge(challenges, userId, 'register', response);
      const verified = await (await webauthn())
        .verifyRegistrationResponse({
          // The outline was checked by the contract's schema; the library checks every byte of the rest.
          response: response as unknown as RegistrationResponseJSON,
          ...expectations(rp, expectedChallenge),
          // The same list as offered: the library's default would refuse ML-DSA-65 and -87.
          supportedAlgorithmIDs: offeredAlgorithmIds(),
        })
        .catch(() => undefined);
      const info = verified?.verified ? verified.registrationInfo : undefined;
      if (!info) throw notVerified();
      return {
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
      };
    },

    async signInOptions(userId, rp) {
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
      });
      await challenges.save(userId, 'sign_in', options.challenge);
      return options;
    },

    async verifySignIn(userId, rp, response, passkey) {
      const expectedChallenge = await takeChallenge(challenges, userId, 'sign_in', response);
      const verified = await (await webauthn())
        .verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          ...expectations(rp, expectedChallenge),
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
        })
        .catch(() => undefined);
      if (!verified?.verified) throw notVerified();
      return verified.authenticationInfo.newCounter;
    },
  };
}
