import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { clientNetwork } from './client-network';
import { databaseRateLimitStore } from './rate-limit-store';

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Limits state-changing routes per client network (an IPv4 address or IPv6 /64, as the trusted proxies resolve
 * it), counted in the database so every instance shares the count. Reads (the catalogue above all) are not limited: they are cheap
 * and served from memory, and counting them would cost more than they do. A route may still set its own
 * `config.rateLimit`. Must be installed before routes are registered.
 */
export async function installRateLimit(
  app: FastifyInstance,
  { max, windowMs }: Config['rateLimit'],
  db: Database,
) {
  // Runs before the plugin's own onRoute hook, which skips routes whose rateLimit is `false`.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.rateLimit === undefined && methods.every((method) => READ_METHODS.includes(method))) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => clientNetwork(request.ip),
    store: databaseRateLimitStore(db),
    // Thrown, so the central error handler answers it in the same shape as every other error.
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, 'RATE_LIMITED', `Too many requests: retry in ${context.after}.`),
  });
}
