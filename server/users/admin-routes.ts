// Operator routes, behind the service API key (no session, no acting user).
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http/errors';
import { requireServiceKey } from './service-key';
import { parseStoredUserId } from './session-cookie';
import type { SessionStore } from './session-store';

export const ADMIN_USER_SESSIONS_PATH = '/admin/users/:id/sessions';

export interface AdminRoutesOptions {
  sessions: SessionStore;
  serviceApiKey: string | undefined;
}

export interface RevokedSessionsResponse {
  userId: number;
  revokedSessions: number;
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (
  app,
  { sessions, serviceApiKey },
) => {
  app.addHook('onRequest', async (request) => requireServiceKey(request, serviceApiKey));

  // Ends every live session of a user (a lost device, a support request): their next request is a newcomer's.
  app.delete<{ Params: { id: string } }>(
    ADMIN_USER_SESSIONS_PATH,
    async (request): Promise<RevokedSessionsResponse> => {
      const id = parseStoredUserId(request.params.id);
      if (id === undefined)
        throw new HttpError(400, 'INVALID_INPUT', 'id: must be a user id (a positive integer).');
      return { userId: id, revokedSessions: await sessions.revokeUser(id) };
    },
  );
};
