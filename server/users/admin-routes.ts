// Operator routes, behind the service API key (no session, no acting user).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ADMIN_USER_DISABLE_PATH, ADMIN_USER_ENABLE_PATH } from '../../contract/accounts';
import type { AccountStore } from '../accounts/account-store';
import { HttpError } from '../http/errors';
import { requireServiceKey } from './service-key';
import { parseStoredUserId } from './session-cookie';
import type { SessionStore } from './session-store';

export const ADMIN_USER_SESSIONS_PATH = '/admin/users/:id/sessions';

export interface AdminRoutesOptions {
  sessions: SessionStore;
  accounts: AccountStore;
  serviceApiKey: string | undefined;
}

export interface DisabledUserResponse {
  userId: number;
  disabled: boolean;
  revokedSessions: number;
}

function userIdParam(request: FastifyRequest<{ Params: { id: string } }>): number {
  const id = parseStoredUserId(request.params.id);
  if (id === undefined)
    throw new HttpError(400, 'INVALID_INPUT', 'id: must be a user id (a positive integer).');
  return id;
}

export interface RevokedSessionsResponse {
  userId: number;
  revokedSessions: number;
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (
  app,
  { sessions, accounts, serviceApiKey },
) => {
  app.addHook('onRequest', async (request) => requireServiceKey(request, serviceApiKey));

  // Ends every live session of a user (a lost device, a support request): their next request is a newcomer's.
  app.delete<{ Params: { id: string } }>(
    ADMIN_USER_SESSIONS_PATH,
    async (request): Promise<RevokedSessionsResponse> => {
      const id = userIdParam(request);
      return { userId: id, revokedSessions: await sessions.revokeUser(id) };
    },
  );

  // A disabled user's open apps are told so (ACCOUNT_DISABLED) and its passkeys sign nobody in until enabled.
  const setDisabled = (disabled: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = userIdParam(request);
    if (!(await accounts.setDisabled(id, disabled)))
      throw new HttpError(404, 'USER_NOT_FOUND', `User ${id} does not exist.`);
    const revokedSessions = disabled ? await sessions.revokeUser(id) : 0;
    return { userId: id, disabled, revokedSessions } satisfies DisabledUserResponse;
  };
  app.post(ADMIN_USER_DISABLE_PATH, setDisabled(true));
  app.post(ADMIN_USER_ENABLE_PATH, setDisabled(false));
};
