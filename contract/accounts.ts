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
 * The largest signature and public key of any algorithm a passkey may use (issue 34: Chromium 156 makes ML-DSA-44
 * passkeys, whose 2,420-byte signatures a 1,024-character cap refused). ML-DSA-87 is the largest (FIPS 204: a
 * 4,627-byte signature, a 2,592-byte key, 2,614 bytes as SPKI); RSA-4096 signs in 512 bytes, EdDSA and ES256 in
 * under 80.
 */
const LARGEST_SIGNATURE_BYTES = 4627;
const LARGEST_SPKI_PUBLIC_KEY_BYTES = 2614;

/**
 * A WebAuthn credential as `@simplewebauthn/browser` returns it (JSON, base64url): every field the server reads
 * or keeps is parsed and bounded here (issue 24: a `transports` string gave a 500, and any junk was stored);
 * `@simplewebauthn/server` verifies the signatures and the bytes inside.
 */
export const passkeyResponseSchema = z.object({
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    // The key inside authData, plus a credential id of up to 1,023 bytes and attestation certificates.
    attestationObject: base64url(16_384).optional(),
    authenticatorData: base64url(4096).optional(),
    signature: base64url(base64urlLength(LARGEST_SIGNATURE_BYTES)).optional(),
    userHandle: base64url(512).nullish(),
    publicKey: base64url(base64urlLength(LARGEST_SPKI_PUBLIC_KEY_BYTES)).optional(),
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
