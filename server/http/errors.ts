import { STATUS_CODES } from 'node:http';
import type { ApiError } from '../../contract/errors';

/**
 * An error that answers with `statusCode` and the `contract/errors.ts` body; throw it from any handler or hook.
 * Its message is written for the caller and is sent as it is, a deliberate 5xx (a spent budget, a busy image
 * service) included. `retryAfterSeconds`, when given, is sent as `Retry-After`.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function apiErrorBody(statusCode: number, message: string, code?: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}
