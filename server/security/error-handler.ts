import type { FastifyError, FastifyInstance } from 'fastify';
import { apiErrorBody, HttpError } from '../http/errors';

/**
 * Every error answers in the `contract/errors.ts` shape. Client errors, and server refusals thrown on purpose as
 * an HttpError (503 DAILY_BUDGET_REACHED), keep their message; other server errors are logged with their stack
 * and answer a generic message, so no internals reach the caller.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(apiErrorBody(status, 'Something went wrong on our side.'));
    }
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(status).send(apiErrorBody(status, error.message, error.code));
  });
}
