// The session cookie `kr_session`, signed with the session secret. It holds either a session token (`s.<token>`)
// or, before the visitor has changed anything, a reservation: the user id the page showed and the token its
// session will have (`p.<id>.<token>`). The user id is never the credential; the token is.
import type { FastifyReply, FastifyRequest } from 'fastify';
import '../http/public-scheme';

export const SESSION_COOKIE = 'kr_session';

export type SessionCookie =
  | { kind: 'session'; token: string }
  | { kind: 'pending'; userId: number; token: string };

const MAX_USER_ID = 2 ** 31 - 1; // the `integer` column's range
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);
const TOKEN = '[A-Za-z0-9_-]{43}'; // 32 bytes in base64url
const VALUE_PATTERN = new RegExp(`^(?:s\\.(${TOKEN})|p\\.([1-9]\\d{0,9})\\.(${TOKEN}))$`);

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
  return SESSION_COOKIE_PATTERN.exec(header)?.[1];
}

/** The request's session cookie if it is one this server signed; undefined for none, a forged or a foreign one. */
export function readSessionCookie(request: FastifyRequest): SessionCookie | undefined {
  const raw = rawSessionCookie(request);
  if (raw === undefined) return undefined;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const unsigned = request.unsignCookie(signed);
  const match = unsigned.valid && unsigned.value ? VALUE_PATTERN.exec(unsigned.value) : null;
  if (!match) return undefined;
  const [, sessionToken, pendingId, pendingToken] = match;
  if (sessionToken) return { kind: 'session', token: sessionToken };
  const userId = parseStoredUserId(pendingId);
  return userId !== undefined && pendingToken ? { kind: 'pending', userId, token: pendingToken } : undefined;
}

const cookieValue = (cookie: SessionCookie) =>
  cookie.kind === 'session' ? `s.${cookie.token}` : `p.${cookie.userId}.${cookie.token}`;

/** The flags the cookie is set and cleared with alike (a browser may refuse to clear one set with others). */
const flagsFor = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'lax', secure: request.servedOverHttps, path: '/' }) as const;

/** Sets the cookie to live as long as what it names (Max-Age in seconds). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: SessionCookie,
  maxAgeSeconds: number,
): void {
  reply.setCookie(SESSION_COOKIE, cookieValue(cookie), {
    ...flagsFor(request),
    signed: true,
    maxAge: maxAgeSeconds,
  });
}

/** Removes the cookie (sign-out, deletion): the next page view reserves a newcomer. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, flagsFor(request));
}
