// The account region's ceremonies (machines/kitchen/account.ts) over src/api/accounts.ts, as the runs the
// on-demand actors load: the passkey library behind them stays out of the first screen.
import type { AccountOutput } from '../../machines/kitchen/account';
import * as accounts from '../api/accounts';
import type { ApiClient } from '../api/client';
import type { PromiseRun } from './on-demand-actor';

const asOutput = ({ userId, generationsRemaining }: { userId: number; generationsRemaining: number }) => ({
  userId,
  remainingGenerations: generationsRemaining,
});

export const registerPasskey =
  (api: ApiClient): PromiseRun<AccountOutput, unknown> =>
  async ({ signal }) =>
    asOutput(await accounts.registerPasskey(api, signal));

export const signInWithPasskey =
  (api: ApiClient): PromiseRun<AccountOutput, unknown> =>
  async ({ signal }) =>
    asOutput(await accounts.signInWithPasskey(api, signal));

export const signOut =
  (api: ApiClient): PromiseRun<void, unknown> =>
  ({ signal }) =>
    accounts.signOut(api, signal);
