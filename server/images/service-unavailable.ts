// A 503 the user should read: the server is fine but cannot take this photo now. The core's error handler words
// every 5xx generically, so the image routes answer these themselves (with `Retry-After`).
import type { FastifyReply } from 'fastify';
import { apiErrorBody, HttpError } from '../http/errors';

export type ServiceUnavailableCode = 'IMAGE_SERVICE_BUSY' | 'MODERATION_TIMEOUT';

export class ServiceUnavailableError extends HttpError {
  override name = 'ServiceUnavailableError';
  constructor(
    code: ServiceUnavailableCode,
    message: string,
    /** Whole seconds, for `Retry-After`. */
    readonly retryAfterSeconds: number,
  ) {
    super(503, code, message);
  }
}

export function sendServiceUnavailable(reply: FastifyReply, error: ServiceUnavailableError): FastifyReply {
  return reply
    .code(503)
    .header('Retry-After', String(error.retryAfterSeconds))
    .send(apiErrorBody(503, error.message, error.code));
}
