// Who is calling: a browser by its signed session cookie (a new guest when it has none or a bad one), or a
// server-to-server caller by the service API key plus the user it names.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_API_KEY_HEADER } from '../../contract/endpoints';
import { SERVICE_USER_ID_HEADER } from '../../contract/users';
import { HttpError } from '../http/errors';
import '../http/user-request';
import type { UserStore } from './user-store';

export const SESSION_COOKIE = 'kr_session';
// Browsers cap cookie lifetimes at 400 days; a guest keeps their images and quota that long.
const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const MAX_USER_ID = 2 ** 31 - 1; // the `integer` column's range
const SERVICE_KEY_HEADER = SERVICE_API_KEY_HEADER.toLowerCase();
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);

/** A user id as text (cookie value, header) or undefined when it is not one we could have issued. */
export function parseStoredUserId(text: string | undefined): number | undefined {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_USER_ID ? id : undefined;
}

/** The raw (still encoded) session cookie value from the Cookie header, without parsing every cookie. */
function rawSessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const match = SESSION_COOKIE_PATTERN.exec(header);
  return match?.[1];
}

export interface Sessions {
  /** The session's user, creating a guest and setting its cookie when there is no valid session. */
  resolve(request: FastifyRequest, reply: FastifyReply): Promise<number>;
}

export function createSessions(users: UserStore): Sessions {
  async function verify(request: FastifyRequest, raw: string): Promise<number | undefined> {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    const unsigned = request.unsignCookie(value);
    const id = unsigned.valid ? parseStoredUserId(unsigned.value ?? undefined) : undefined;
    return id !== undefined && (await users.exists(id)) ? id : undefined;
  }

  return {
    async resolve(request, reply) {
      const raw = rawSessionCookie(request);
      const known = raw === undefined ? undefined : await verify(request, raw);
      // A tampered or foreign cookie, or one whose user is gone, never names a user: it gets a new guest.
      if (known !== undefined) return known;
      const id = await users.createGuest();
      reply.setCookie(SESSION_COOKIE, String(id), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
      return id;
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares keys in constant time (hashing first makes the lengths equal). */
function isServiceKey(given: string, expected: string | undefined): boolean {
  return expected !== undefined && timingSafeEqual(digest(given), digest(expected));
}

async function serviceCallerUserId(request: FastifyRequest, users: UserStore, serviceApiKey?: string) {
  const key = request.headers[SERVICE_KEY_HEADER];
  if (typeof key !== 'string' || !isServiceKey(key, serviceApiKey)) {
    throw new HttpError(401, 'INVALID_API_KEY', 'The service API key is wrong or not configured.');
  }
  const named = request.headers[SERVICE_USER_ID_HEADER.toLowerCase()];
  const id = parseStoredUserId(typeof named === 'string' ? named : undefined);
  if (id === undefined) {
    throw new HttpError(
      400,
      'USER_ID_REQUIRED',
      `A service caller names its user in ${SERVICE_USER_ID_HEADER}.`,
    );
  }
  if (!(await users.exists(id))) throw new HttpError(404, 'USER_NOT_FOUND', `User ${id} does not exist.`);
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
  scope.decorateRequest('userId', 0);
  scope.addHook('onRequest', async (request, reply) => {
    request.userId =
      request.headers[SERVICE_KEY_HEADER] !== undefined
        ? await serviceCallerUserId(request, users, serviceApiKey)
        : await sessions.resolve(request, reply);
  });
}
