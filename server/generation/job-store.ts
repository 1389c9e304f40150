// Generation jobs in the database (migration 3). Every state change is a conditional UPDATE: a job only moves
// forward, and a job that has ended (succeeded, failed, cancelled) never changes again, whoever writes last.
import { type GenerationJob, JOB_STAGES, type JobKind, type JobState } from '../../contract/generation';
import type { Database, Queryable } from '../db/database';

/** What the runner needs to redo the work: ids and choices, never image bytes. */
export type StoredJobRequest =
  | { kind: 'empty_room'; imageId: string }
  | {
      kind: 'kitchen';
      imageId: string;
      emptyRoomId: string | null;
      frontalId: string;
      worktopId: string;
      shape: string;
      hasIsland: boolean;
    };

/** A job as the server sees it: the contract's job plus its owner, request and quota claim. */
export interface JobRecord {
  job: GenerationJob;
  userId: number;
  request: StoredJobRequest;
  /** The quota claim the job spent; null when it was free (an empty room from the `local` provider). */
  claimId: number | null;
}

export interface NewJob {
  id: string;
  userId: number;
  request: StoredJobRequest;
  provider: string;
  claimId: number | null;
  idempotencyKey: string | null;
}

interface JobRow {
  id: string;
  userId: number;
  kind: JobKind;
  state: JobState;
  request: StoredJobRequest | string;
  resultImageId: string | null;
  error: string | null;
  provider: string;
  claimId: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const COLUMNS = `id, user_id AS "userId", kind, state, request, result_image_id AS "resultImageId", error,
  provider, claim_id AS "claimId", created_at AS "createdAt", updated_at AS "updatedAt"`;

// Constants, never input: safe to write into the SQL as literals (PGlite and pg differ on array parameters).
const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const UNFINISHED = sqlList(JOB_STAGES);

const iso = (value: Date | string) => new Date(value).toISOString();

function toRecord(row: JobRow): JobRecord {
  return {
    job: {
      id: row.id,
      kind: row.kind,
      state: row.state,
      resultImageId: row.resultImageId,
      error: row.error,
      provider: row.provider,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    },
    userId: row.userId,
    // jsonb arrives parsed from both drivers; a string would mean a driver configured otherwise.
    request: typeof row.request === 'string' ? (JSON.parse(row.request) as StoredJobRequest) : row.request,
    claimId: row.claimId,
  };
}

async function one(db: Queryable, sql: string, params: readonly unknown[]): Promise<JobRecord | undefined> {
  const [row] = await db.query<JobRow>(sql, params);
  return row ? toRecord(row) : undefined;
}

export interface JobStore {
  /**
   * Inserts a queued job, or, when its idempotency key or quota claim already has one, answers that job
   * (`created: false`): concurrent twins converge on one job. In `tx` when given, so the job commits with its
   * claim.
   */
  create(job: NewJob, tx?: Queryable): Promise<{ record: JobRecord; created: boolean }>;
  /** The user's job of this kind started with this Idempotency-Key. */
  findByKey(
    userId: number,
    kind: JobKind,
    idempotencyKey: string,
    tx?: Queryable,
  ): Promise<JobRecord | undefined>;
  /** The job if it belongs to `userId`. */
  find(userId: number, id: string): Promise<JobRecord | undefined>;
  findByClaim(claimId: number): Promise<JobRecord | undefined>;
  /** How many of the user's jobs are queued or in progress. */
  countUnfinished(userId: number, tx?: Queryable): Promise<number>;
  /** The user's jobs of one kind, newest first. */
  list(userId: number, kind: JobKind, limit: number): Promise<GenerationJob[]>;
  /** Takes the oldest queued job for this runner, moving it to `preparing`; concurrent runners skip it. */
  takeNext(): Promise<JobRecord | undefined>;
  /** Moves an unfinished job forward to `stage` (never back); false when it has ended meanwhile (cancelled). */
  advance(id: string, stage: (typeof JOB_STAGES)[number]): Promise<boolean>;
  succeed(id: string, resultImageId: string): Promise<boolean>;
  /** Ends an unfinished job as failed or cancelled; the ended job, or undefined when it had already ended. */
  end(
    id: string,
    state: 'failed' | 'cancelled',
    error: string | null,
    userId?: number,
  ): Promise<JobRecord | undefined>;
  /** Fails every unfinished job not updated for `staleMs` (0: all), with its kind's message; the jobs it failed. */
  failUnfinished(staleMs: number, messages: Readonly<Record<JobKind, string>>): Promise<JobRecord[]>;
  /** Quota claims of failed or cancelled jobs that were never given back (a crash between the two writes). */
  unrefundedClaims(): Promise<{ id: number; userId: number }[]>;
}

export function createJobStore(db: Database): JobStore {
  const findByClaim = (claimId: number, tx: Queryable = db) =>
    one(tx, `SELECT ${COLUMNS} FROM generation_jobs WHERE claim_id = $1`, [claimId]);
  const findByKey = (userId: number, kind: JobKind, idempotencyKey: string | null, tx: Queryable = db) =>
    one(
      tx,
      `SELECT ${COLUMNS} FROM generation_jobs WHERE user_id = $1 AND kind = $2 AND idempotency_key = $3`,
      [userId, kind, idempotencyKey],
    );

  return {
    async create(job, tx = db) {
      const inserted = await one(
        tx,
        `INSERT INTO generation_jobs (id, user_id, kind, state, request, provider, claim_id, idempotency_key)
         VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [
          job.id,
          job.userId,
          job.request.kind,
          JSON.stringify(job.request),
          job.provider,
          job.claimId,
          job.idempotencyKey,
        ],
      );
      if (inserted) return { record: inserted, created: true };
      const existing =
        (job.claimId === null ? undefined : await findByClaim(job.claimId, tx)) ??
        (await findByKey(job.userId, job.request.kind, job.idempotencyKey, tx));
      if (!existing) throw new Error('a job insert conflicted without a matching job');
      return { record: existing, created: false };
    },

    find: (userId, id) =>
      one(db, `SELECT ${COLUMNS} FROM generation_jobs WHERE id = $1 AND user_id = $2`, [id, userId]),

    findByClaim: (claimId) => findByClaim(claimId),
    findByKey,

    async countUnfinished(userId, tx = db) {
      const [row] = await tx.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM generation_jobs WHERE user_id = $1 AND state IN (${UNFINISHED})`,
        [userId],
      );
      return row?.count ?? 0;
    },

    async list(userId, kind, limit) {
      const rows = await db.query<JobRow>(
        `SELECT ${COLUMNS} FROM generation_jobs WHERE user_id = $1 AND kind = $2
         ORDER BY created_at DESC, id LIMIT $3`,
        [userId, kind, limit],
      );
      return rows.map((row) => toRecord(row).job);
    },

    takeNext: () =>
      one(
        db,
        `UPDATE generation_jobs SET state = 'preparing', updated_at = clock_timestamp()
         WHERE id = (
           SELECT id FROM generation_jobs WHERE state = 'queued'
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
         ) AND state = 'queued'
         RETURNING ${COLUMNS}`,
        [],
      ),

    async advance(id, stage) {
      // Up to and including `stage`: reporting the stage a job is already in is harmless and answers true.
      const notLater = sqlList(JOB_STAGES.slice(0, JOB_STAGES.indexOf(stage) + 1));
      const rows = await db.query(
        `UPDATE generation_jobs SET state = $2, updated_at = clock_timestamp()
         WHERE id = $1 AND state IN (${notLater}) RETURNING id`,
        [id, stage],
      );
      if (rows.length > 0) return true;
      // Already past `stage` (a provider reporting late) still counts as running.
      const still = await db.query(
        `SELECT id FROM generation_jobs WHERE id = $1 AND state IN (${UNFINISHED})`,
        [id],
      );
      return still.length > 0;
    },

    async succeed(id, resultImageId) {
      const rows = await db.query(
        `UPDATE generation_jobs SET state = 'succeeded', result_image_id = $2, updated_at = clock_timestamp()
         WHERE id = $1 AND state IN (${UNFINISHED}) RETURNING id`,
        [id, resultImageId],
      );
      return rows.length > 0;
    },

    end: (id, state, error, userId) =>
      one(
        db,
        `UPDATE generation_jobs SET state = $2, error = $3, updated_at = clock_timestamp()
         WHERE id = $1 AND state IN (${UNFINISHED}) AND ($4::integer IS NULL OR user_id = $4)
         RETURNING ${COLUMNS}`,
        [id, state, error, userId ?? null],
      ),

    async failUnfinished(staleMs, messages) {
      const rows = await db.query<JobRow>(
        `UPDATE generation_jobs
         SET state = 'failed', error = CASE kind WHEN 'kitchen' THEN $2 ELSE $3 END,
             updated_at = clock_timestamp()
         WHERE state IN (${UNFINISHED}) AND updated_at <= clock_timestamp() - $1 * interval '1 millisecond'
         RETURNING ${COLUMNS}`,
        [staleMs, messages.kitchen, messages.empty_room],
      );
      return rows.map(toRecord);
    },

    unrefundedClaims: () =>
      db.query<{ id: number; userId: number }>(
        `SELECT c.id, c.user_id AS "userId" FROM generation_claims c
         JOIN generation_jobs j ON j.claim_id = c.id
         WHERE j.state IN ('failed', 'cancelled') AND c.refunded_at IS NULL`,
      ),
  };
}
