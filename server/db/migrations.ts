import type { Database } from './database';

export interface Migration {
  id: number;
  name: string;
  /** One statement each: PGlite's parameterised query protocol runs a single statement at a time. */
  statements: readonly string[];
}

/** Append only: an applied migration is never edited; a change is a new, higher-numbered entry. */
export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'users',
    statements: [
      `CREATE TABLE users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        generations_remaining integer NOT NULL CHECK (generations_remaining >= 0)
      )`,
    ],
  },
  {
    id: 2,
    name: 'generation claims',
    statements: [
      `CREATE TABLE generation_claims (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        refunded_at timestamptz,
        UNIQUE (user_id, idempotency_key)
      )`,
    ],
  },
  {
    id: 3,
    name: 'generation jobs',
    statements: [
      `CREATE TABLE generation_jobs (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        kind text NOT NULL CHECK (kind IN ('empty_room', 'kitchen')),
        state text NOT NULL CHECK (
          state IN ('queued', 'preparing', 'rendering', 'finishing', 'succeeded', 'failed', 'cancelled')
        ),
        request jsonb NOT NULL,
        result_image_id uuid,
        error text,
        provider text NOT NULL,
        claim_id integer UNIQUE REFERENCES generation_claims (id),
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (user_id, kind, idempotency_key)
      )`,
      'CREATE INDEX generation_jobs_by_user ON generation_jobs (user_id, kind, created_at DESC)',
      `CREATE INDEX generation_jobs_unfinished ON generation_jobs (created_at)
        WHERE state IN ('queued', 'preparing', 'rendering', 'finishing')`,
    ],
  },
  {
    id: 4,
    name: 'sessions',
    statements: [
      // The cookie carries a random token; only its SHA-256 is stored, so a leaked table opens no session.
      `CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`,
      'CREATE INDEX sessions_by_user ON sessions (user_id)',
      'CREATE INDEX sessions_by_expiry ON sessions (expires_at)',
    ],
  },
];

// Any constant shared by every instance of this app: it serialises concurrent migration runs.
const MIGRATION_LOCK_KEY = 715_200_301;

/**
 * Applies the migrations not yet recorded, all in one transaction. The advisory lock makes a second instance
 * starting at the same moment wait, then find everything applied.
 */
export async function runMigrations(db: Database, all: readonly Migration[] = migrations): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const applied = new Set(
      (await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    const pending = [...all].sort((a, b) => a.id - b.id).filter((migration) => !applied.has(migration.id));
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
    }
    return pending.map((migration) => migration.id);
  });
}
