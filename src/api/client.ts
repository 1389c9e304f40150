// The one HTTP client of the app (spec §7): `{baseUrl}/api/v1`, JSON both ways (ofetch leaves a FormData
// body and its multipart boundary alone), same-origin cookies (the session, DESIGN D5), a timeout per request
// and no automatic retries. Every failure leaves here as an error of `request-errors.ts`.
import { type FetchOptions, type FetchResponse, ofetch } from 'ofetch';
import { API_PREFIX } from '../../contract/endpoints';
import type { SessionEndReason } from '../../contract/session-end';
import { ApiHttpError, toRequestError } from './request-errors';

export const REQUEST_TIMEOUT_MS = 20_000;

export interface ApiClientOptions {
  /** The API host ('' for the page's own origin), from the boot data. */
  baseUrl?: string;
  timeoutMs?: number;
}

export type ApiRequestOptions = Pick<FetchOptions<'json'>, 'method' | 'body' | 'query' | 'headers'> & {
  signal?: AbortSignal;
  /** A header to read off an error answer too, e.g. Generations-Remaining. */
  remainingHeader?: string;
};

export interface ApiClient {
  /** The API host, for URLs the browser loads itself (images). */
  readonly baseUrl: string;
  /** Sends a request and answers with the parsed body. */
  request(path: string, options?: ApiRequestOptions): Promise<unknown>;
  /** Sends a request and answers with the whole response (for headers); `_data` holds the body. */
  requestRaw(path: string, options?: ApiRequestOptions): Promise<FetchResponse<unknown>>;
  /**
   * Calls `listener` whenever an answer says this browser's session has ended (revoked, expired, disabled),
   * whichever call it was: the app leaves for /access-denied. Answers a function that stops listening.
   */
  onSessionEnded(listener: (reason: SessionEndReason) => void): () => void;
}

const trimTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * A signal that aborts when the caller's does or when the timeout passes, whichever is first. ofetch drops
 * its own timeout whenever a signal is given, so the two are joined here (without `AbortSignal.any`, which
 * older Safari lacks).
 */
function timeoutSignal(timeoutMs: number, caller?: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
    timeoutMs,
  );
  const forward = () => controller.abort(caller?.reason);
  if (caller?.aborted) forward();
  else caller?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', forward);
    },
  };
}

export function createApiClient({
  baseUrl = '',
  timeoutMs = REQUEST_TIMEOUT_MS,
}: ApiClientOptions = {}): ApiClient {
  const host = trimTrailingSlash(baseUrl);
  const fetcher = ofetch.create({
    baseURL: `${host}${API_PREFIX}`,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    retry: 0,
  });

  const sessionEndListeners = new Set<(reason: SessionEndReason) => void>();
  const requestRaw = async (path: string, options: ApiRequestOptions = {}) => {
    const { signal: callerSignal, remainingHeader, ...fetchOptions } = options;
    const { signal, done } = timeoutSignal(timeoutMs, callerSignal);
    try {
      return await fetcher.raw(path, { ...fetchOptions, signal });
    } catch (error) {
      const failure = toRequestError(error, remainingHeader);
      const ended = failure instanceof ApiHttpError ? failure.sessionEnd : null;
      if (ended) for (const listener of sessionEndListeners) listener(ended);
      throw failure;
    } finally {
      done();
    }
  };

  return {
    baseUrl: host,
    requestRaw,
    request: async (path, options) => (await requestRaw(path, options))._data,
    onSessionEnded(listener) {
      sessionEndListeners.add(listener);
      return () => sessionEndListeners.delete(listener);
    },
  };
}
