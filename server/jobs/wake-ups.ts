// How runners learn of work and of cancels made on other instances: PostgreSQL LISTEN/NOTIFY on a dedicated
// connection, plus a short poll that covers everything a notification can miss (a listener reconnecting, a job
// whose lease lapsed, PGlite, which has no other process to hear from).
import type { Queryable } from '../db/database';

export const JOBS_CHANNEL = 'kr_generation_jobs';
const ENDED_PREFIX = 'ended:';

export interface WakeUpsOptions {
  db: Queryable;
  /** PostgreSQL's URL for the listening connection; none with PGlite (the poll alone). */
  databaseUrl: string | undefined;
  pollMs: number;
  /** There may be a job to take. */
  onWork(): void;
  /** The job ended on some instance (cancelled): stop working on it here. */
  onEnded(jobId: string): void;
  onError(error: unknown, what: string): void;
}

export interface WakeUps {
  /** Tells every instance that a job was queued. */
  queued(): Promise<void>;
  /** Tells every instance that `jobId` ended (its runner, wherever it is, stops at once). */
  ended(jobId: string): Promise<void>;
  close(): Promise<void>;
}

interface Listener {
  close(): Promise<void>;
}

/** Listens on `JOBS_CHANNEL` with its own connection, reconnecting after `retryMs` when it drops. */
async function listen(
  databaseUrl: string,
  retryMs: number,
  onPayload: (payload: string) => void,
  onError: WakeUpsOptions['onError'],
): Promise<Listener> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === JOBS_CHANNEL && message.payload) onPayload(message.payload);
    });
    next.on('error', (error) => {
      onError(error, 'the generation listener lost its connection');
      next.end().catch(() => {});
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_CHANNEL}`);
      if (closed) await next.end();
      else client = next;
      // Anything notified while no listener was connected: the poll would find it, this finds it sooner.
      onPayload('queued');
    } catch (error) {
      onError(error, 'the generation listener could not connect');
      next.end().catch(() => {});
      reconnectLater();
    }
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

export async function startWakeUps(options: WakeUpsOptions): Promise<WakeUps> {
  const { db, pollMs, onWork, onEnded, onError } = options;
  const onPayload = (payload: string) => {
    if (payload.startsWith(ENDED_PREFIX)) onEnded(payload.slice(ENDED_PREFIX.length));
    else onWork();
  };
  const listener = options.databaseUrl
    ? await listen(options.databaseUrl, pollMs, onPayload, onError)
    : undefined;
  const poll = setInterval(onWork, pollMs);
  poll.unref();

  const notify = async (payload: string) => {
    await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, payload]);
  };
  return {
    queued: () => notify('queued'),
    ended: (jobId) => notify(`${ENDED_PREFIX}${jobId}`),
    async close() {
      clearInterval(poll);
      await listener?.close();
    },
  };
}
