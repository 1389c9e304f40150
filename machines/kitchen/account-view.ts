// What the account controls show, read from a snapshot: screens never inspect the `account` region themselves.
import type { KitchenSnapshot } from './view';

export type AccountStatus = 'guest' | 'busy' | 'member' | 'failed' | 'signedOut';

export interface AccountView {
  status: AccountStatus;
  /** While busy, what the browser is waiting for, in the user's words. */
  busyLabel: string | null;
  /** The last ceremony's failure; shown while it stands. */
  error: string | null;
}

const BUSY_LABELS = {
  registering: 'Waiting for your passkey…',
  signingIn: 'Waiting for your passkey…',
  signingOut: 'Signing out…',
} as const;

export const accountViewOf = (snapshot: KitchenSnapshot): AccountView => {
  const state = (snapshot.value as { account?: string }).account ?? 'guest';
  const busyLabel = BUSY_LABELS[state as keyof typeof BUSY_LABELS] ?? null;
  const status: AccountStatus = busyLabel !== null ? 'busy' : (state as AccountStatus);
  return { status, busyLabel, error: snapshot.context.accountError };
};
