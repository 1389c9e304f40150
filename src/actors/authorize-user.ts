import { fromPromise } from 'xstate';
import type { AuthorizeUserInput, AuthorizeUserOutput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { authorizeUser } from '../api/users';

export const authorizeUserActor = (api: ApiClient) =>
  fromPromise<AuthorizeUserOutput, AuthorizeUserInput>(async ({ input, signal }) => {
    const answer = await authorizeUser(api, input.userId, signal);
    const { sessionIdleDays: idle, sessionMaxDays: max } = answer;
    return {
      remainingGenerations: answer.generationsRemaining,
      imageRetentionDays: answer.imageRetentionDays,
      sessionDays: idle && max ? { idle, max } : null,
      isAccount: answer.isAccount ?? false,
    };
  });
