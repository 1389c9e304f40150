// What one owner has stored, and the lock that makes "check the cap, then write" one step for them: shared by
// photo uploads and surface masks, which both count toward the per-user cap.
import type { Queryable } from '../../db/database';

// Any constant of this app's own: with the owner id it names the lock that serialises one owner's writes.
const OWNER_STORAGE_LOCK_CLASS = 715_200_305;

/** The bytes of the owner's live images (photos, results and masks alike). */
export async function storedBytes(db: Queryable, ownerId: number): Promise<number> {
  const [row] = await db.query<{ total: number | string }>(
    'SELECT COALESCE(SUM(byte_size), 0) AS total FROM images WHERE owner_id = $1 AND expires_at > now()',
    [ownerId],
  );
  return Number(row?.total ?? 0);
}

/** Within a transaction: the owner's capped writes take turns from here until it ends. */
export async function lockOwnerStorage(tx: Queryable, ownerId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [OWNER_STORAGE_LOCK_CLASS, ownerId]);
}
