// Deletes sessions long dead (expired or revoked), so the table holds roughly the live ones. Each instance runs
// its own timer; the DELETE is idempotent, so instances sharing a database only repeat each other's work.
import type { FastifyInstance } from 'fastify';
import type { SessionStore } from './session-store';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** A dead session is kept this long, so a reservation carrying its token is still known to be spent. */
export const DEAD_SESSION_RETENTION_DAYS = 7;

/** Runs the cleanup once the server listens and hourly after; the timer never keeps the process alive. */
export function installSessionCleanup(app: FastifyInstance, store: SessionStore): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    void store
      .deleteDead(DEAD_SESSION_RETENTION_DAYS)
      .then((deleted) => deleted > 0 && app.log.info({ deleted }, 'deleted dead sessions'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'session cleanup failed; it runs again later'));
  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, CLEANUP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
