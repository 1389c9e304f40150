// Who is calling: a browser by its session cookie, or a server-to-server caller by the service API key plus the
// user it names. A browser without a live session acts for nobody (user 0) until it changes something: only then
// is a guest created, so page views and reads never write a row.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ENDED_CODES, type SessionEndReason } from '../../contract/session-end';
import { SERVICE_USER_ID_HEADER } from '../../contract/users';
import { HttpError } from '../http/errors';
import '../http/user-request';
import { requireServiceKey, SERVICE_KEY_HEADER } from './service-key';
import { parseStoredUserId, readSessionCookie, type SessionCookie, setSessionCookie } from './session-cookie';
import {
  type IssuedSession,
  newSessionToken,
  type SessionLifetime,
  type SessionStore,
} from './session-store';
import type { UserStore } from './user-store';

export { SESSION_COOKIE } from './session-cookie';

/** The user id of a request that has no session: it owns nothing, so reads answer empty or 404. */
export const NOBODY = 0;

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DAY_SECONDS = 24 * 60 * 60;

export interface Sessions {
  /**
   * The user an API request acts for. Without a live session, a read acts for NOBODY and a state-changing request
   * becomes a guest (the one its page reserved, when it can be had) and gets the session cookie.
   */
  resolve(request: FastifyRequest, reply: FastifyReply): Promise<number>;
  /**
   * The user id for a page's boot data: the session's user, or else an id reserved for this visitor (kept in the
   * cookie until their first state-changing request), so a page view writes nothing.
   */
  bootUserId(request: FastifyRequest, reply: FastifyReply): Promise<number>;
}

type Caller =
  | { userId: number }
  | { ended: SessionEndReason }
  | { pending?: Extract<SessionCookie, { kind: 'pending' }> };

const ENDED_MESSAGES: Record<SessionEndReason, string> = {
  revoked: 'This session was ended (signed out, or by an operator).',
  expired: 'This session expired.',
  disabled: 'This account has been disabled.',
};

/** An API request on an ended session is refused, so an open app learns why instead of becoming someone new. */
const sessionEnded = (reason: SessionEndReason) =>
  new HttpError(401, SESSION_ENDED_CODES[reason], ENDED_MESSAGES[reason]);

export function createSessions(store: SessionStore, lifetime: SessionLifetime): Sessions {
  /** Who the cookie names: a live session's user, a reservation, or nobody (none, forged, dead or foreign). */
  async function caller(request: FastifyRequest, reply: FastifyReply): Promise<Caller> {
    const cookie = readSessionCookie(request);
    if (!cookie) return {};
    const found = await store.find(cookie.token);
    if (found.state === 'live') {
      // A reservation already taken up (by a twin request) becomes the session cookie; a slid expiry renews it.
      if (found.slid || cookie.kind === 'pending') {
        const renewed = { kind: 'session', token: cookie.token } as const;
        setSessionCookie(request, reply, renewed, found.session.secondsLeft);
      }
      return { userId: found.session.userId };
    }
    // A dead session's token is spent, even in a reservation that carries it.
    if (found.state === 'dead') return { ended: found.reason };
    return cookie.kind === 'pending' ? { pending: cookie } : {};
  }

  const issue = (request: FastifyRequest, reply: FastifyReply, session: IssuedSession) => {
    setSessionCookie(request, reply, { kind: 'session', token: session.token }, session.secondsLeft);
    return session.userId;
  };

  return {
    async resolve(request, reply) {
      const found = await caller(request, reply);
      if ('userId' in found) return found.userId;
      if ('ended' in found) throw sessionEnded(found.ended);
      if (!STATE_CHANGING_METHODS.has(request.method)) return NOBODY;
      const { pending } = found;
      const session = pending
        ? await store.promote(pending.userId, pending.token)
        : await store.createGuest();
      return issue(request, reply, session);
    },

    async bootUserId(request, reply) {
      const found = await caller(request, reply);
      if ('userId' in found) return found.userId;
      if ('pending' in found && found.pending) return found.pending.userId;
      const pending = {
        kind: 'pending',
        userId: await store.reserveUserId(),
        token: newSessionToken(),
      } as const;
      setSessionCookie(request, reply, pending, lifetime.idleDays * DAY_SECONDS);
      return pending.userId;
    },
  };
}

async function serviceCallerUserId(request: FastifyRequest, users: UserStore, serviceApiKey?: string) {
  requireServiceKey(request, serviceApiKey);
  const named = request.headers[SERVICE_USER_ID_HEADER.toLowerCase()];
  const id = parseStoredUserId(typeof named === 'string' ? named : undefined);
  if (id === undefined) {
    throw new HttpError(
      400,
      'USER_ID_REQUIRED',
      `A service caller names its user in ${SERVICE_USER_ID_HEADER}.`,
    );
  }
  const user = await users.find(id);
  if (!user) throw new HttpError(404, 'USER_NOT_FOUND', `User ${id} does not exist.`);
  // As for its sessions: a disabled account is acted for by nobody (issue 24).
  if (user.isDisabled) throw sessionEnded('disabled');
  return id;
}

export interface SessionOptions {
  sessions: Sessions;
  users: UserStore;
  serviceApiKey: string | undefined;
}

/** Sets `request.userId` on every request of `scope` (the `/api/v1` routes) before any handler runs. */
export function installSession(
  scope: FastifyInstance,
  { sessions, users, serviceApiKey }: SessionOptions,
): void {
  scope.decorateRequest('userId', NOBODY);
  scope.addHook('onRequest', async (request, reply) => {
    request.userId =
      request.headers[SERVICE_KEY_HEADER] !== undefined
        ? await serviceCallerUserId(request, users, serviceApiKey)
        : await sessions.resolve(request, reply);
  });
}
