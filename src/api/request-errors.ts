// What a failed API call turns into, so every screen words failures the same way: the server's own message
// for an HTTP error, one friendly sentence for anything that never got an answer (offline, timeout, cancel).
import { FetchError } from 'ofetch';

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
  ) {
    super(message);
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
    const message =
      textField(body, 'message') ?? `The server answered ${response.status} ${response.statusText}`.trim();
    const remaining = remainingHeader ? integerHeader(response.headers, remainingHeader) : null;
    return new ApiHttpError(response.status, message, textField(body, 'code'), remaining);
  }
  const cause = error instanceof FetchError ? error.cause : error;
  if (isTimeout(cause) || isTimeout(error)) return new RequestFailedError('timeout');
  if (isAbort(cause) || isAbort(error)) return new RequestFailedError('cancelled');
  return new RequestFailedError('network');
}
