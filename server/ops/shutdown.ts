// Graceful shutdown on SIGTERM/SIGINT: report not ready, stop accepting connections, let in-flight requests
// finish within a grace period, then close the app (its onClose hooks stop the job runner and the database).
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export interface ShutdownTimes {
  /** Serving on, /readyz failing, before the listener closes. */
  delayMs: number;
  /** In-flight requests may finish within this; then their connections are closed. */
  graceMs: number;
}

/** Closes the app; past the grace period closes the remaining connections. Resolves the exit code. */
async function drain(app: FastifyInstance, graceMs: number): Promise<number> {
  const closeConnections = setTimeout(() => {
    app.log.warn('grace period over: closing the remaining connections');
    app.server.closeAllConnections();
  }, graceMs);
  // A stuck onClose hook must not leave the process half-stopped for ever.
  const giveUp = setTimeout(() => {
    app.log.error('the server did not stop in time');
    process.exit(1);
  }, 2 * graceMs);
  giveUp.unref();
  try {
    await app.close();
    app.log.info('stopped');
    return 0;
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearTimeout(closeConnections);
  }
}

export function installGracefulShutdown(app: FastifyInstance, { delayMs, graceMs }: ShutdownTimes): void {
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // An operator who asks twice means it: the conventional 128 + signal number.
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(128 + constants.signals[signal]);
    }
    stopping = true;
    app.log.info({ signal, delayMs, graceMs }, 'shutting down');
    app.readiness.markShuttingDown();
    if (delayMs > 0) await sleep(delayMs);
    process.exit(await drain(app, graceMs));
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
}
