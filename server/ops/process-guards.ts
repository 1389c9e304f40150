// What the process does with an error no code caught. A stray rejected promise is a bug to log, not a reason to
// drop every request in flight; an uncaught exception leaves the process in an unknown state, so it must stop
// (and be restarted by its supervisor) rather than keep serving.
import type { FastifyBaseLogger } from 'fastify';

export function installProcessGuards(log: FastifyBaseLogger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught exception: exiting');
    process.exit(1);
  });
}
