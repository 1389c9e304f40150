// Why an API request's session is no longer honoured: zod-free, so the app's first screen can read it.
/**
 * The 401 codes of an ended session. The app shows `/access-denied` with the reason; a page
 * load with such a cookie simply starts a new guest.
 */
export const SESSION_ENDED_CODES = {
  revoked: 'SESSION_REVOKED',
  expired: 'SESSION_EXPIRED',
  disabled: 'ACCOUNT_DISABLED',
} as const;
export type SessionEndReason = keyof typeof SESSION_ENDED_CODES;

export function sessionEndReasonOf(code: string | undefined): SessionEndReason | null {
  const entry = Object.entries(SESSION_ENDED_CODES).find(([, known]) => known === code);
  return entry ? (entry[0] as SessionEndReason) : null;
}
