// `GET /healthz` (the process is alive) and `GET /readyz` (it can serve: every readiness check passes) for load
// balancers and orchestrators. Outside /api/v1 and the session: no cookie, no guest, no rate limit.
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { Readiness, ReadinessReport } from './readiness';

export const HEALTH_PATHS = { alive: '/healthz', ready: '/readyz' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Register a readiness check with `app.readiness.add(name, check)`. */
    readiness: Readiness;
  }
}

const probeRoute: RouteShorthandOptions = {
  // Probes arrive every few seconds from every balancer: never limited, and their request logs would drown the
  // rest (a failing check still logs a warning of its own).
  config: { rateLimit: false },
  logLevel: 'warn',
};

/** The JSON a probe answers: `status` first, then what failed, without internals. */
function readinessBody(report: ReadinessReport) {
  if (report.ready) return { status: 'ready', checks: report.checks };
  if (report.reason === 'shutting down') return { status: 'not ready', reason: report.reason };
  return { status: 'not ready', reason: report.reason, failed: report.failed, checks: report.checks };
}

/** Decorates `app.readiness` and adds the probe routes; must run after the rate limit is installed. */
export function installHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.decorate('readiness', readiness);
  app.get(HEALTH_PATHS.alive, probeRoute, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get(HEALTH_PATHS.ready, probeRoute, async (_request, reply) => {
    const report = await readiness.evaluate();
    reply.header('cache-control', 'no-store').code(report.ready ? 200 : 503);
    return readinessBody(report);
  });
}
