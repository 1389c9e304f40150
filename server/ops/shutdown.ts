// Graceful shutdown on SIGTERM/SIGINT: report not ready, stop accepting connections, let in-flight requests
// finish within a grace period, then close the app (its onClose hooks stop the job runner and the database).
import { constants } from 'node:os';
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Past the grace period the remaining connections are closed; if closing the app still hangs (a stuck onClose
 * hook) past twice the grace period, the process exits non-zero rather than lingering half-stopped.
 */
export function installGracefulShutdown(app: FastifyInstance, graceMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // An operator who asks twice means it: the conventional 128 + signal number.
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(128 + constants.signals[signal]);
    }
    stopping = true;
    app.log.info({ signal, graceMs }, 'shutting down');
    app.readiness.markShuttingDown();
    const closeConnections = setTimeout(() => {
      app.log.warn('grace period over: closing the remaining connections');
      app.server.closeAllConnections();
    }, graceMs);
    const giveUp = setTimeout(() => {
      app.log.error('the server did not stop in time');
      process.exit(1);
    }, 2 * graceMs);
    // The timers must not be what keeps a finished process alive.
    closeConnections.unref();
    giveUp.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
}
