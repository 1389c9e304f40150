// Generation jobs in the database (migrations 3 and 7). Every state change is a conditional UPDATE: a job only
// moves forward, and a job that has ended (succeeded, failed, cancelled) never changes again, whoever writes
// last. A running job is leased to one runner until its lease lapses (docs/operations.md, "Generation jobs").
import {
  type GenerationJob,
  JOB_STAGES,
  type JobKind,
  type JobState,
  type PastKitchenJob,
} from '../../contract/generation';
import type { Database, Queryable } from '../db/database';
import { type NamedKitchenChoices, namedChoiceOf, resolveConfiguration } from '../generation/configuration';
import type { ProviderReference } from '../generation/provider';
import { resultFields } from './result-fields';

/** What the runner needs to redo the work: ids and choices, never image bytes. */
export type StoredJobRequest =
  | { kind: 'empty_room'; imageId: string }
  | ({
      kind: 'kitchen';
      imageId: string;
      emptyRoomId: string | null;
      /**
       * The fingerprint of the surfaces marked on the photo when the job was asked for (`masksDigest`); null
       * when none were. Absent in jobs from before marking.
       */
      masksDigest?: string | null;
      /** Read its choices with `resolveConfiguration` (configuration.ts). */
    } & NamedKitchenChoices);

/** A job as the server sees it: the contract's job plus its owner, request and quota claim. */
export interface JobRecord {
  job: GenerationJob;
  userId: number;
  request: StoredJobRequest;
  /** The quota claim the job spent; null when it was free (an empty room from the `local` provider). */
  claimId: number | null;
  /** How many times a runner has taken the job (a hand-back at shutdown does not count). */
  attempts: number;
  /** The provider's own job, saved by an earlier attempt; null when there is none yet. */
  providerRef: ProviderReference | null;
  /** A succeeded kitchen's layout sketch, drawn when it succeeded (an image of the owner's); null otherwise. */
  layoutSketchId: string | null;
}

/** Who takes jobs, and for how long a take (or renewal) holds. */
export interface Lease {
  owner: string;
  ms: number;
}

/** What a lease renewal found: still ours, the job ended (cancelled elsewhere), or another runner holds it. */
export type Renewal = 'held' | 'ended' | 'lost';

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
  attempts: number;
  providerRef: ProviderReference | string | null;
  layoutSketchId: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const COLUMNS = `id, user_id AS "userId", kind, state, request, result_image_id AS "resultImageId", error,
  provider, claim_id AS "claimId", attempts, provider_ref AS "providerRef", layout_sketch_id AS "layoutSketchId", created_at AS "createdAt", updated_at AS "updatedAt"`;

// Constants, never input: safe to write into the SQL as literals (PGlite and pg differ on array parameters).
const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const UNFINISHED = sqlList(JOB_STAGES);
const RUNNING = sqlList(JOB_STAGES.filter((stage) => stage !== 'queued'));
/** A lease nobody holds any more: handed back (null) or not renewed in time. */
const lapsed = (table = 'generation_jobs') =>
  `(${table}.lease_expires_at IS NULL OR ${table}.lease_expires_at < clock_timestamp())`;
const UNIQUE_VIOLATION = '23505';
/** Races between runners lost to the one-running-job-per-user index before a take gives up for now. */
const TAKE_TRIES = 3;

// jsonb arrives parsed from both drivers; a string would mean a driver configured otherwise.
const parsedJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const iso = (value: Date | string) => new Date(value).toISOString();

function toRecord(row: JobRow): JobRecord {
  const request = parsedJson(row.request);
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
      ...resultFields(row, request),
    },
    userId: row.userId,
    request,
    claimId: row.claimId,
    attempts: row.attempts,
    providerRef: row.providerRef === null ? null : parsedJson(row.providerRef),
    layoutSketchId: row.layoutSketchId,
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
  /** Whose the job is now: a sign-in moves a guest's jobs to the account (issue 24). Undefined once deleted. */
  ownerOf(id: string): Promise<number | undefined>;
  /** How many of the user's jobs are queued or in progress. */
  countUnfinished(userId: number, tx?: Queryable): Promise<number>;
  /** The user's jobs of one kind, newest first, each with the photo it was made from. */
  list(userId: number, kind: JobKind, limit: number): Promise<PastKitchenJob[]>;
  /**
   * Leases the next job to `lease.owner`: first a running job whose lease lapsed (its runner died or handed it
   * back) and that has attempts left, else a queued job, moved to `preparing`. Fair: never a second running
   * job for a user, and among users the one served longest ago (or never) first. Concurrent runners skip it.
   */
  takeNext(lease: Lease, maxAttempts: number): Promise<JobRecord | undefined>;
  /** Extends the lease while the holder works. */
  renew(id: string, lease: Lease): Promise<Renewal>;
  /** Gives the lease up at once (shutdown), without spending an attempt: the next runner takes the job. */
  handBack(id: string, owner: string): Promise<void>;
  /** Makes every lease lapse: for PGlite at start, whose database no other process can be working in. */
  releaseAllLeases(): Promise<void>;
  /** Stores the provider's own job for a retry; false when the job is no longer this runner's. */
  saveProviderRef(id: string, owner: string, ref: ProviderReference): Promise<boolean>;
  /** Moves an unfinished job forward to `stage` (never back); false when it has ended meanwhile (cancelled). */
  advance(id: string, stage: (typeof JOB_STAGES)[number]): Promise<boolean>;
  succeed(id: string, resultImageId: string, layoutSketchId?: string | null): Promise<boolean>;
  /** The user's latest job by `provider` that succeeded with exactly this request; undefined when none did. */
  findSucceeded(userId: number, request: StoredJobRequest, provider: string): Promise<JobRecord | undefined>;
  /**
   * The user's latest kitchen by `provider` that succeeded with the same photo, masks and front and worktop as
   * `request` (whatever its layout, island or other choices): offline, the same picture.
   */
  findSamePicture(
    userId: number,
    request: Extract<StoredJobRequest, { kind: 'kitchen' }>,
    provider: string,
  ): Promise<JobRecord | undefined>;
  /** Ends an unfinished job as failed or cancelled; the ended job, or undefined when it had already ended. */
  end(
    id: string,
    state: 'failed' | 'cancelled',
    error: string | null,
    userId?: number,
  ): Promise<JobRecord | undefined>;
  /** Fails unheld jobs that used up their attempts, with their kind's message; the jobs it failed. */
  failExhausted(maxAttempts: number, messages: Readonly<Record<JobKind, string>>): Promise<JobRecord[]>;
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

    findByKey,

    async ownerOf(id) {
      const [row] = await db.query<{ userId: number }>(
        'SELECT user_id AS "userId" FROM generation_jobs WHERE id = $1',
        [id],
      );
      return row?.userId;
    },
    findSucceeded: (userId, request, provider) =>
      one(
        db,
        `SELECT ${COLUMNS} FROM generation_jobs
         WHERE user_id = $1 AND kind = $2 AND state = 'succeeded' AND provider = $3 AND request = $4::jsonb
         ORDER BY updated_at DESC LIMIT 1`,
        [userId, request.kind, provider, JSON.stringify(request)],
      ),

    findSamePicture: (userId, request, provider) =>
      one(
        db,
        `SELECT ${COLUMNS} FROM generation_jobs
         WHERE user_id = $1 AND kind = 'kitchen' AND state = 'succeeded' AND provider = $2
           AND request->>'imageId' = $3 AND request->>'masksDigest' IS NOT DISTINCT FROM $4
           AND request->>'frontalId' = $5 AND request->>'worktopId' = $6
         ORDER BY updated_at DESC LIMIT 1`,
        [
          userId,
          provider,
          request.imageId,
          request.masksDigest ?? null,
          request.frontalId,
          request.worktopId,
        ],
      ),

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
      return rows.map((row) => {
        const { job, request } = toRecord(row);
        const resolution = request.kind === 'kitchen' ? resolveConfiguration(request) : undefined;
        const choices = resolution?.ok ? resolution.configuration.choices.map(namedChoiceOf) : [];
        return { ...job, sourceImageId: request.imageId, choices };
      });
    },

    async takeNext(lease, maxAttempts) {
      const take = () =>
        one(
          db,
          `UPDATE generation_jobs SET
             state = CASE WHEN state = 'queued' THEN 'preparing' ELSE state END,
             lease_owner = $1, lease_expires_at = clock_timestamp() + $2 * interval '1 millisecond',
             taken_at = clock_timestamp(), attempts = attempts + 1, updated_at = clock_timestamp()
           WHERE id = (
             SELECT j.id FROM generation_jobs j
             WHERE j.attempts < $3 AND (
               (j.state IN (${RUNNING}) AND ${lapsed('j')})
               OR (j.state = 'queued' AND NOT EXISTS (
                 SELECT 1 FROM generation_jobs r WHERE r.user_id = j.user_id AND r.state IN (${RUNNING})
               ))
             )
             ORDER BY j.state = 'queued',
               (SELECT max(p.taken_at) FROM generation_jobs p WHERE p.user_id = j.user_id) NULLS FIRST,
               j.created_at
             LIMIT 1 FOR UPDATE SKIP LOCKED
           ) AND state IN (${UNFINISHED})
           RETURNING ${COLUMNS}`,
          [lease.owner, lease.ms, maxAttempts],
        );
      for (let tries = 1; ; tries += 1) {
        try {
          return await take();
        } catch (error) {
          // Another runner took one of this user's jobs in the same instant: take someone else's, or wait.
          const lostRace = (error as { code?: unknown }).code === UNIQUE_VIOLATION;
          if (!lostRace) throw error;
          if (tries >= TAKE_TRIES) return undefined;
        }
      }
    },

    async renew(id, lease) {
      const renewed = await db.query(
        `UPDATE generation_jobs SET lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE id = $1 AND lease_owner = $2 AND state IN (${UNFINISHED}) RETURNING id`,
        [id, lease.owner, lease.ms],
      );
      if (renewed.length > 0) return 'held';
      const still = await db.query(
        `SELECT id FROM generation_jobs WHERE id = $1 AND state IN (${UNFINISHED})`,
        [id],
      );
      return still.length > 0 ? 'lost' : 'ended';
    },

    async handBack(id, owner) {
      await db.query(
        `UPDATE generation_jobs SET lease_owner = NULL, lease_expires_at = NULL,
           attempts = greatest(attempts - 1, 0)
         WHERE id = $1 AND lease_owner = $2 AND state IN (${UNFINISHED})`,
        [id, owner],
      );
    },

    async releaseAllLeases() {
      await db.query(
        `UPDATE generation_jobs SET lease_expires_at = NULL
         WHERE state IN (${RUNNING}) AND lease_expires_at IS NOT NULL`,
      );
    },

    async saveProviderRef(id, owner, ref) {
      const rows = await db.query(
        `UPDATE generation_jobs SET provider_ref = $3
         WHERE id = $1 AND lease_owner = $2 AND state IN (${UNFINISHED}) RETURNING id`,
        [id, owner, JSON.stringify(ref)],
      );
      return rows.length > 0;
    },

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

    async succeed(id, resultImageId, layoutSketchId = null) {
      const rows = await db.query(
        `UPDATE generation_jobs SET state = 'succeeded', result_image_id = $2, layout_sketch_id = $3,
           updated_at = clock_timestamp()
         WHERE id = $1 AND state IN (${UNFINISHED}) RETURNING id`,
        [id, resultImageId, layoutSketchId],
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

    async failExhausted(maxAttempts, messages) {
      const rows = await db.query<JobRow>(
        `UPDATE generation_jobs
         SET state = 'failed', error = CASE kind WHEN 'kitchen' THEN $2 ELSE $3 END,
             lease_owner = NULL, lease_expires_at = NULL, updated_at = clock_timestamp()
         WHERE state IN (${RUNNING}) AND ${lapsed()} AND attempts >= $1
         RETURNING ${COLUMNS}`,
        [maxAttempts, messages.kitchen, messages.empty_room],
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
