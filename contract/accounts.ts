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
} as const;

/**
 * A WebAuthn credential as `@simplewebauthn/browser` returns it (JSON, base64url). Only its outline is checked
 * here; `@simplewebauthn/server` verifies the rest.
 */
export const passkeyResponseSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: z.string().min(1).max(4096) }).passthrough(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough();

export const passkeyCeremonySchema = z.object({ credential: passkeyResponseSchema });

/** The answer to a finished registration or sign-in: whose the session now is. */
export interface AccountAnswer {
  userId: number;
  generationsRemaining: number;
}
