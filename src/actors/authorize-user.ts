import { fromPromise } from 'xstate';
import type { AuthorizeUserInput, AuthorizeUserOutput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { authorizeUser } from '../api/users';

export const authorizeUserActor = (api: ApiClient) =>
  fromPromise<AuthorizeUserOutput, AuthorizeUserInput>(async ({ input, signal }) => {
    const { generationsRemaining, imageRetentionDays, isAccount } = await authorizeUser(
      api,
      input.userId,
      signal,
    );
    return { remainingGenerations: generationsRemaining, imageRetentionDays, isAccount: isAccount ?? false };
  });
