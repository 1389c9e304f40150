import type { FastifyPluginAsync } from 'fastify';
import { actionPaths } from '../../contract/endpoints';
import { type AuthorizeResponse, authorizeRequestSchema } from '../../contract/users';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import '../http/user-request';
import type { SessionLifetime } from './session-store';
import type { UserStore } from './user-store';

export interface UserRoutesOptions {
  users: UserStore;
  generationLimit: number;
  imageRetentionDays: number;
  /** Told to the app, so its privacy page states the lifetimes this server really uses. */
  sessionLifetime: SessionLifetime;
}

export const userRoutes: FastifyPluginAsync<UserRoutesOptions> = async (
  app,
  { users, generationLimit, imageRetentionDays, sessionLifetime },
) => {
  // The boot data's user id is only a claim: it is confirmed against the session, never trusted alone (D5).
  app.post(actionPaths.authorizeUser, async (request): Promise<AuthorizeResponse> => {
    const { userId } = parseInput(authorizeRequestSchema, request.body ?? {});
    const user = userId === request.userId ? await users.find(userId) : undefined;
    if (!user) throw new HttpError(403, 'USER_MISMATCH', 'This user id does not belong to this session.');
    return {
      userId: user.id,
      generationsRemaining: user.generationsRemaining,
      generationLimit,
      imageRetentionDays,
      sessionIdleDays: sessionLifetime.idleDays,
      sessionMaxDays: sessionLifetime.maxDays,
      isAccount: user.isAccount,
    };
  });
};
