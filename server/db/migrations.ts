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
  {
    id: 5,
    name: 'images',
    statements: [
      // The truth for every image on every backend; `storage` and `storage_key` say where its bytes live.
      `CREATE TABLE images (
        id uuid PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text CHECK (kind IN ('upload', 'empty_room', 'kitchen')),
        content_type text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        byte_size integer NOT NULL CHECK (byte_size >= 0),
        storage text NOT NULL CHECK (storage IN ('disk', 'database', 's3')),
        storage_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      'CREATE INDEX images_by_owner ON images (owner_id, expires_at)',
      'CREATE INDEX images_by_expiry ON images (expires_at)',
      'CREATE INDEX images_by_storage_key ON images (storage_key)',
      // The database backend's bytes, by key; no foreign key: bytes are written before their row.
      `CREATE TABLE image_chunks (
        key text NOT NULL,
        seq integer NOT NULL CHECK (seq >= 0),
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (key, seq)
      )`,
    ],
  },
  {
    id: 6,
    name: 'network quota, daily budget, shared rate limits',
    statements: [
      // What a claim charged beyond the user's unit, so its refund gives back exactly that.
      'ALTER TABLE generation_claims ADD COLUMN network text',
      'ALTER TABLE generation_claims ADD COLUMN day date',
      'ALTER TABLE generation_claims ADD COLUMN charged_budget boolean NOT NULL DEFAULT false',
      `CREATE TABLE generation_network_days (
        network text NOT NULL,
        day date NOT NULL,
        used integer NOT NULL CHECK (used >= 0),
        PRIMARY KEY (network, day)
      )`,
      `CREATE TABLE generation_budget_days (
        day date PRIMARY KEY,
        used integer NOT NULL CHECK (used >= 0)
      )`,
      // Fixed windows in epoch milliseconds of the database's clock, the one clock every instance shares.
      `CREATE TABLE rate_limit_windows (
        key text NOT NULL,
        window_ends_at bigint NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (key, window_ends_at)
      )`,
      'CREATE INDEX rate_limit_windows_by_end ON rate_limit_windows (window_ends_at)',
    ],
  },
  {
    id: 7,
    name: 'generation job leases',
    statements: [
      // A job is leased, not owned (docs/operations.md): whoever holds an unexpired lease is working on it, any
      // instance may take it once the lease lapses. `provider_ref` is the provider's own job (a Replicate
      // prediction, a ComfyUI prompt), so a retry re-attaches instead of paying again.
      `ALTER TABLE generation_jobs
        ADD COLUMN lease_owner text,
        ADD COLUMN lease_expires_at timestamptz,
        ADD COLUMN taken_at timestamptz,
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN provider_ref jsonb`,
      // Jobs a runner of the old kind held, beyond one per user (several instances could): back to the queue,
      // so the index below can be built.
      `UPDATE generation_jobs SET state = 'queued' WHERE state IN ('preparing', 'rendering', 'finishing')
        AND id NOT IN (
          SELECT DISTINCT ON (user_id) id FROM generation_jobs
          WHERE state IN ('preparing', 'rendering', 'finishing') ORDER BY user_id, updated_at DESC
        )`,
      // At most one running job per user, whatever several runners race to take (fairness, docs/operations.md).
      `CREATE UNIQUE INDEX generation_jobs_one_running_per_user ON generation_jobs (user_id)
        WHERE state IN ('preparing', 'rendering', 'finishing')`,
    ],
  },
  {
    id: 8,
    name: 'passkey accounts',
    statements: [
      // A user with a passkey is an account (`account_since`); an operator may disable one (D35).
      'ALTER TABLE users ADD COLUMN account_since timestamptz, ADD COLUMN disabled_at timestamptz',
      // Text, not bytea: PGlite and node-postgres hand bytea back as different types; base64url reads the same.
      `CREATE TABLE passkeys (
        credential_id text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        public_key text NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`,
      'CREATE INDEX passkeys_by_user ON passkeys (user_id)',
      // Challenges live here, not in memory, so any instance can finish a ceremony another began; single use.
      `CREATE TABLE webauthn_challenges (
        challenge text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
        expires_at timestamptz NOT NULL
      )`,
      'CREATE INDEX webauthn_challenges_by_user ON webauthn_challenges (user_id)',
      'CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges (expires_at)',
    ],
  },
  {
    id: 9,
    name: 'share links',
    statements: [
      // Only the token's SHA-256 is kept. No foreign key to the job: a link outlives its result's deletion and
      // then answers that the result is gone (410), not that the link never existed (404). `og_image_id` is the
      // preview image, made on first request and kept in the image store under the owner.
      `CREATE TABLE share_links (
        id uuid PRIMARY KEY,
        token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
        owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        job_id uuid NOT NULL,
        include_before boolean NOT NULL,
        og_image_id uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        revoked_at timestamptz
      )`,
      'CREATE INDEX share_links_by_job ON share_links (job_id, created_at)',
    ],
  },
  {
    id: 10,
    name: 'surface masks',
    statements: [
      // A photo's marked surfaces (issue 22, D44) are images of kind `mask`, one per surface, under their photo:
      // so every byte backend, the per-user cap, the retention sweep and "delete my data" already cover them.
      // The parent's foreign key removes a mask's row with its photo's; the photo's deletion takes their bytes.
      'ALTER TABLE images DROP CONSTRAINT images_kind_check',
      "ALTER TABLE images ADD CONSTRAINT images_kind_check CHECK (kind IN ('upload', 'empty_room', 'kitchen', 'mask'))",
      `ALTER TABLE images
        ADD COLUMN parent_id uuid REFERENCES images (id) ON DELETE CASCADE,
        ADD COLUMN surface text CHECK (surface IN ('fronts', 'worktop'))`,
      `ALTER TABLE images ADD CONSTRAINT images_mask_has_parent
        CHECK ((kind = 'mask') = (parent_id IS NOT NULL AND surface IS NOT NULL))`,
      'CREATE UNIQUE INDEX images_one_mask_per_surface ON images (parent_id, surface) WHERE parent_id IS NOT NULL',
    ],
  },
  {
    id: 11,
    name: 'share previews',
    statements: [
      // A share link's Open Graph preview is derived data (issue 24): a kind of its own, so it is neither counted
      // against its owner's storage cap nor exported as one of their kitchens. Those made before are marked.
      'ALTER TABLE images DROP CONSTRAINT images_kind_check',
      `ALTER TABLE images ADD CONSTRAINT images_kind_check
        CHECK (kind IN ('upload', 'empty_room', 'kitchen', 'mask', 'share_preview'))`,
      `UPDATE images SET kind = 'share_preview'
        WHERE id IN (SELECT og_image_id FROM share_links WHERE og_image_id IS NOT NULL)`,
    ],
  },
  {
    id: 12,
    name: 'layout sketches',
    statements: [
      // A kitchen's layout sketch is drawn once, when its job succeeds, and kept as an image of its own (issue
      // 34, point 5): owned, counted, retained and erased like its result. Kitchens from before have none.
      'ALTER TABLE images DROP CONSTRAINT images_kind_check',
      `ALTER TABLE images ADD CONSTRAINT images_kind_check
        CHECK (kind IN ('upload', 'empty_room', 'kitchen', 'mask', 'share_preview', 'layout_sketch'))`,
      'ALTER TABLE generation_jobs ADD COLUMN layout_sketch_id uuid',
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
