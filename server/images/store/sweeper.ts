// Removes what retention has ended: expired images (bytes first, then the row), ended generation jobs older than
// the retention period or whose result is gone (so history never lists a kitchen without its picture), and bytes
// no row names (left by a crash between writing bytes and their row, or by an owner's rows cascading away), and
// share links that have said "revoked" or "gone" long enough.
// Every step is idempotent, so several instances may sweep at once.
import type { Database } from '../../db/database';
import type { ByteBackend } from './byte-backend';

export interface SweepOptions {
  db: Database;
  bytes: ByteBackend;
  retentionDays: number;
  /** Bytes this young without a row may be an upload between its two writes; they are left alone. */
  orphanGraceMs?: number;
}

export interface SweepCounts {
  images: number;
  jobs: number;
  orphans: number;
  shareLinks: number;
}

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 200;

async function sweepExpiredImages({ db, bytes }: SweepOptions): Promise<number> {
  let swept = 0;
  for (;;) {
    const rows = await db.query<{ id: string; storage: string; storageKey: string }>(
      `SELECT id, storage, storage_key AS "storageKey" FROM images
       WHERE expires_at <= now() ORDER BY expires_at, parent_id IS NULL LIMIT ${BATCH}`,
    );
    // A photo's masks come before it (same expiry): its row's deletion cascades to theirs, and their bytes must
    // not be left for the orphan sweep.
    for (const row of rows) {
      // Bytes kept by a backend no longer configured cannot be reached from here; the row goes regardless.
      if (row.storage === bytes.name) await bytes.delete(row.storageKey);
      swept += (await db.query('DELETE FROM images WHERE id = $1 RETURNING id', [row.id])).length;
    }
    if (rows.length < BATCH) return swept;
  }
}

async function sweepEndedJobs({ db, retentionDays }: SweepOptions): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM generation_jobs AS job
     WHERE job.state IN ('succeeded', 'failed', 'cancelled')
       AND (job.updated_at < now() - $1::integer * interval '1 day'
         OR (job.result_image_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM images WHERE images.id = job.result_image_id AND images.expires_at > now())))
     RETURNING job.id`,
    [retentionDays],
  );
  return deleted.length;
}

/**
 * Share links revoked more than the retention period ago, and links whose result is gone once twice that has
 * passed since they were made: until then a link answers that its kitchen is gone (410), afterwards that it
 * does not exist (404). Without this, a guest's links would outlive everything they pointed at, for ever.
 */
async function sweepEndedShareLinks({ db, retentionDays }: SweepOptions): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM share_links AS link
     WHERE link.revoked_at < now() - $1::integer * interval '1 day'
        OR (link.created_at < now() - 2 * $1::integer * interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM generation_jobs AS job WHERE job.id = link.job_id))
     RETURNING link.id`,
    [retentionDays],
  );
  return deleted.length;
}

async function sweepOrphans({ db, bytes, orphanGraceMs = ORPHAN_GRACE_MS }: SweepOptions): Promise<number> {
  let swept = 0;
  const sweepBatch = async (keys: string[]) => {
    const named = await db.query<{ key: string }>(
      'SELECT storage_key AS key FROM images WHERE storage = $1 AND storage_key = ANY($2)',
      [bytes.name, keys],
    );
    const kept = new Set(named.map((row) => row.key));
    for (const key of keys.filter((candidate) => !kept.has(candidate))) {
      await bytes.delete(key);
      swept++;
    }
  };
  let batch: string[] = [];
  for await (const key of bytes.keysWrittenBefore(new Date(Date.now() - orphanGraceMs))) {
    batch.push(key);
    if (batch.length === BATCH) {
      await sweepBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweepBatch(batch);
  return swept;
}

export async function sweepImages(options: SweepOptions): Promise<SweepCounts> {
  const images = await sweepExpiredImages(options);
  const jobs = await sweepEndedJobs(options);
  const orphans = await sweepOrphans(options);
  const shareLinks = await sweepEndedShareLinks(options);
  return { images, jobs, orphans, shareLinks };
}

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sweeps soon after start, then every `intervalMs`, on an unref'd timer (it never keeps the process alive);
 * a sweep still running when the next is due is not doubled. Returns the stop function.
 */
export function startSweeper(
  sweep: () => Promise<SweepCounts>,
  onResult: (result: { counts?: SweepCounts; error?: unknown }) => void,
  intervalMs = SWEEP_INTERVAL_MS,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      onResult({ counts: await sweep() });
    } catch (error) {
      onResult({ error });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 1000).unref();
  const every = setInterval(run, intervalMs).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
