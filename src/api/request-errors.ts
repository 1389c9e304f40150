// What a failed API call turns into, so every screen words failures the same way: the server's own message
// for an HTTP error, one friendly sentence for anything that never got an answer (offline, timeout, cancel).
import { FetchError } from 'ofetch';
import { isLimitRefusalCode, RETRY_AFTER_HEADER } from '../../contract/refusals';
import { type SessionEndReason, sessionEndReasonOf } from '../../contract/session-end';
import type { AccessDenialReason } from '../../machines/kitchen/account';

/** The server's code when the boot data's user is not the session's (server/users/routes.ts). */
const USER_MISMATCH = 'USER_MISMATCH';

import { REFUSAL_FALLBACK_MESSAGES } from './refusal-messages';

/** The one sentence shown for a request that got no answer. */
export const REQUEST_FAILED_MESSAGE =
  'We could not reach the server. Please check your connection and try again.';

/** The server answered with an error status; `message` is the server's own, for the user. */
export class ApiHttpError extends Error {
  override readonly name = 'ApiHttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    /** The Generations-Remaining header, when the answer carried one. */
    readonly remainingGenerations: number | null = null,
    /** The Retry-After header in seconds, when the answer carried one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** The service refused for one of its limits (contract/refusals.ts): nothing was started or charged. */
  get isLimitRefusal(): boolean {
    return isLimitRefusalCode(this.code);
  }

  /** The session this browser had is over, and why (the statechart reads this: machines/kitchen/account.ts). */
  get sessionEnd(): SessionEndReason | null {
    return this.status === 401 ? sessionEndReasonOf(this.code) : null;
  }

  get accessDenial(): AccessDenialReason | null {
    return this.sessionEnd ?? (this.code === USER_MISMATCH ? 'mismatch' : null);
  }
}

/** No answer: a network failure, a timeout or a cancelled request. */
export class RequestFailedError extends Error {
  override readonly name = 'RequestFailedError';
  constructor(readonly reason: 'network' | 'timeout' | 'cancelled') {
    super(REQUEST_FAILED_MESSAGE);
  }
}

/** The server answered, but not in the shape the contract promises. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(what: string, detail: string) {
    super(`The server's answer for ${what} was not in the expected shape (${detail}).`);
  }
}

const textField = (body: unknown, field: 'message' | 'code'): string | undefined => {
  const value = (body as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

/** Reads an integer header such as Generations-Remaining; null when absent or not an integer. */
export function integerHeader(headers: Headers | undefined, name: string): number | null {
  const raw = headers?.get(name);
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** Reads Retry-After, in seconds or as an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers | undefined, now = Date.now()): number | null {
  const seconds = integerHeader(headers, RETRY_AFTER_HEADER);
  if (seconds !== null) return seconds;
  const date = Date.parse(headers?.get(RETRY_AFTER_HEADER) ?? '');
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The answer's own message; for a limit refusal without one, the app's wording of that refusal. */
const messageOf = (body: unknown, code: string | undefined, response: Response) =>
  textField(body, 'message') ??
  (isLimitRefusalCode(code) ? REFUSAL_FALLBACK_MESSAGES[code] : undefined) ??
  `The server answered ${response.status} ${response.statusText}`.trim();

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Turns whatever a call threw into one of the errors above (already-mapped errors pass through). */
export function toRequestError(error: unknown, remainingHeader?: string): Error {
  if (
    error instanceof ApiHttpError ||
    error instanceof RequestFailedError ||
    error instanceof UnexpectedResponseError
  ) {
    return error;
  }
  if (error instanceof FetchError && error.response !== undefined) {
    const { response } = error;
    const body: unknown = error.data;
    const code = textField(body, 'code');
    const remaining = remainingHeader ? integerHeader(response.headers, remainingHeader) : null;
    return new ApiHttpError(
      response.status,
      messageOf(body, code, response),
      code,
      remaining,
      retryAfterSeconds(response.headers),
    );
  }
  const cause = error instanceof FetchError ? error.cause : error;
  if (isTimeout(cause) || isTimeout(error)) return new RequestFailedError('timeout');
  if (isAbort(cause) || isAbort(error)) return new RequestFailedError('cancelled');
  return new RequestFailedError('network');
}
