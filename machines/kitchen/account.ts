// Passkey accounts as the statechart sees them (the `account` region): what the ceremonies answer, and why
// access may be denied. Pure data and functions; the app provides the ceremonies (src/actors/account-actors.ts).

/** Why `/access-denied` is shown: the session ended (revoked, expired, account disabled) or is someone else's. */
export type AccessDenialReason = 'revoked' | 'expired' | 'disabled' | 'mismatch';

const REASONS: readonly AccessDenialReason[] = ['revoked', 'expired', 'disabled', 'mismatch'];

/**
 * A failed call tells the chart its session is over by rejecting with an error carrying `accessDenial` (the app's
 * ApiHttpError does for the server's SESSION_* / ACCOUNT_DISABLED / USER_MISMATCH codes).
 */
export function accessDenialOf(error: unknown): AccessDenialReason | null {
  const reason = (error as { accessDenial?: unknown } | null)?.accessDenial;
  return REASONS.find((known) => known === reason) ?? null;
}

/** What a finished registration or sign-in leaves this browser as. */
export interface AccountOutput {
  userId: number;
  remainingGenerations: number;
}

/** The one sentence shown when a passkey ceremony fails without the server's own word (e.g. cancelled). */
export const PASSKEY_FAILED_MESSAGE = 'The passkey was not saved or used. You can try again.';

export const accountErrorOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : PASSKEY_FAILED_MESSAGE;
};
