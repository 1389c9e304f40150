// A @fastify/rate-limit store in the database, so every instance counts the same hits (DESIGN: state lives in
// shared stores). Fixed windows on the database's clock: one conditional upsert per request, atomic under
// concurrency; windows that have ended are deleted now and then.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';

const NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

interface StoreState {
  db: Database;
  /** When this instance last deleted ended windows (its own clock; only paces the cleanup). */
  lastCleanupMs: number;
}

export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const state: StoreState = { db, lastCleanupMs: 0 };

  function cleanup(timeWindow: number): void {
    const now = Date.now();
    if (now - state.lastCleanupMs < timeWindow) return;
    state.lastCleanupMs = now;
    // Best effort: a failed cleanup only leaves rows for the next one.
    state.db.query(`DELETE FROM rate_limit_windows WHERE window_ends_at < ${NOW_MS}`).catch(() => {});
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** `new Store(pluginOptions)` from the plugin; `prefix` keeps a route with its own limits apart. */
    constructor(
      _pluginOptions?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      state.db
        .query<{ hits: number; ttl: number }>(
          `INSERT INTO rate_limit_windows AS w (key, window_ends_at, hits)
           SELECT $1, now_ms - now_ms % $2::bigint + $2::bigint, 1 FROM (SELECT ${NOW_MS} AS now_ms) AS clock
           ON CONFLICT (key, window_ends_at) DO UPDATE SET hits = w.hits + 1
           RETURNING hits, (window_ends_at - ${NOW_MS})::integer AS ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(([row]) => {
          if (!row) throw new Error('the rate-limit upsert returned no row');
          callback(null, { current: row.hits, ttl: Math.max(0, row.ttl) });
        })
        .catch((error: Error) => callback(error));
      cleanup(timeWindow);
    }

    // The plugin passes its merged route parameters, the route itself under `routeInfo` (types say otherwise).
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? params;
      return new DatabaseRateLimitStore(
        undefined,
        `${this.prefix}${String(route.method)} ${String(route.url)}|`,
      );
    }
  }
  return DatabaseRateLimitStore;
}
