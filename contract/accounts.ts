// Passkey accounts (issue 15): the routes, relative to `{baseUrl}/api/v1`, and what a session's end is called.
// A guest becomes an account by registering a passkey; another browser signs in with it and sees the same kitchens.
import { z } from 'zod';

export const accountPaths = {
  registrationOptions: '/account/passkeys/registration-options',
  register: '/account/passkeys/register',
  signInOptions: '/account/sign-in-options',
  signIn: '/account/sign-in',
  signOut: '/account/sign-out',
} as const;

/** Operator routes (service key): disabling also ends every session of the user. */
export const ADMIN_USER_DISABLE_PATH = '/admin/users/:id/disable';
export const ADMIN_USER_ENABLE_PATH = '/admin/users/:id/enable';

/** Errors of the ceremonies themselves (400/403/409/503). */
export const PASSKEY_ERROR_CODES = {
  challenge: 'PASSKEY_CHALLENGE_INVALID',
  verification: 'PASSKEY_NOT_VERIFIED',
  unknownCredential: 'PASSKEY_UNKNOWN',
  alreadyRegistered: 'PASSKEY_ALREADY_REGISTERED',
  unavailable: 'PASSKEYS_UNAVAILABLE',
  busy: 'GENERATION_IN_PROGRESS',
  limitReached: 'PASSKEY_LIMIT_REACHED',
} as const;

/** Passkeys one account may hold: one per device and a few spare, each listed in every registration's options. */
export const MAX_PASSKEYS_PER_ACCOUNT = 10;

/** The transports WebAuthn defines (Level 3, `AuthenticatorTransport`); nothing else is kept. */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** A base64url field of a credential, bounded (the whole body is at most 64 KB). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/** Characters of base64url (unpadded) that `bytes` bytes take. */
const base64urlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

/**
 * Every algorithm a new passkey may use, most preferred first, with the largest signature, key (SPKI, as the
 * browser's `getPublicKey()` gives it) and COSE key (as the authenticator data carries it) it makes. The server
 * offers these and no other (issue 34: accept what you offer; ML-DSA only where its runtime verifies it), and
 * every bound below is taken from the largest of them, so the two cannot drift apart. Sizes from FIPS 204
 * (ML-DSA), RFC 8032 (EdDSA), a DER ECDSA P-256 signature, and RSA up to 4,096 bits.
 */
export const PASSKEY_ALGORITHMS = [
  { name: 'ML-DSA-44', coseId: -48, postQuantum: true, signature: 2420, spkiKey: 1334, coseKey: 1322 },
  { name: 'ML-DSA-65', coseId: -49, postQuantum: true, signature: 3309, spkiKey: 1974, coseKey: 1962 },
  { name: 'ML-DSA-87', coseId: -50, postQuantum: true, signature: 4627, spkiKey: 2614, coseKey: 2602 },
  { name: 'EdDSA', coseId: -8, postQuantum: false, signature: 64, spkiKey: 44, coseKey: 42 },
  { name: 'ES256', coseId: -7, postQuantum: false, signature: 72, spkiKey: 91, coseKey: 77 },
  { name: 'RS256', coseId: -257, postQuantum: false, signature: 512, spkiKey: 550, coseKey: 528 },
] as const;

export type PasskeyAlgorithmName = (typeof PASSKEY_ALGORITHMS)[number]['name'];

const largest = (size: 'signature' | 'spkiKey' | 'coseKey') =>
  Math.max(...PASSKEY_ALGORITHMS.map((algorithm) => algorithm[size]));

/** WebAuthn's longest credential id (Level 3, §5.1: at most 1,023 bytes). */
const LONGEST_CREDENTIAL_ID_BYTES = 1023;
/**
 * Authenticator data at registration: the RP id hash, flags and counter (37 bytes), the AAGUID (16), the id's
 * length (2), the id and the COSE key, plus room for extensions (credProps, credProtect and the like are tens of
 * bytes; 1 KB is ample).
 */
const LARGEST_AUTHENTICATOR_DATA_BYTES =
  37 + 16 + 2 + LONGEST_CREDENTIAL_ID_BYTES + largest('coseKey') + 1024;

/**
 * A WebAuthn credential as `@simplewebauthn/browser` returns it (JSON, base64url): every field the server reads
 * or keeps is parsed and bounded here (issue 24: a `transports` string gave a 500, and any junk was stored);
 * `@simplewebauthn/server` verifies the signatures and the bytes inside.
 */
export const passkeyResponseSchema = z.object({
  id: base64url(base64urlLength(LONGEST_CREDENTIAL_ID_BYTES)).min(1),
  rawId: base64url(base64urlLength(LONGEST_CREDENTIAL_ID_BYTES)).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    // The largest authData (4,704 bytes) and a self-attestation signature (4,627) take about 12,600 characters;
    // the rest is room for an attestation certificate.
    attestationObject: base64url(16_384).optional(),
    authenticatorData: base64url(base64urlLength(LARGEST_AUTHENTICATOR_DATA_BYTES)).optional(),
    signature: base64url(base64urlLength(largest('signature'))).optional(),
    userHandle: base64url(512).nullish(),
    publicKey: base64url(base64urlLength(largest('spkiKey'))).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.enum(PASSKEY_TRANSPORTS)).max(PASSKEY_TRANSPORTS.length).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const passkeyCeremonySchema = z.object({ credential: passkeyResponseSchema });

/** The answer to a finished registration or sign-in: whose the session now is. */
export interface AccountAnswer {
  userId: number;
  generationsRemaining: number;
}
