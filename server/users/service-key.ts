// The service API key: trusted back-ends (and operators) authenticate with it instead of a session.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SERVICE_API_KEY_HEADER } from '../../contract/endpoints';
import { HttpError } from '../http/errors';

export const SERVICE_KEY_HEADER = SERVICE_API_KEY_HEADER.toLowerCase();

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares keys in constant time (hashing first makes the lengths equal). */
function isServiceKey(given: string, expected: string | undefined): boolean {
  return expected !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** Throws 401 unless the request carries the configured service key. */
export function requireServiceKey(request: FastifyRequest, serviceApiKey: string | undefined): void {
  const key = request.headers[SERVICE_KEY_HEADER];
  if (typeof key !== 'string' || !isServiceKey(key, serviceApiKey)) {
    throw new HttpError(401, 'INVALID_API_KEY', 'The service API key is wrong or not configured.');
  }
}
