// Erases a user and everything kept for them (issue 15, item 3; D36). Rows go first, in one transaction that
// locks the user row before anything else: a write racing the deletion (an upload, a generation's result, a new
// job or claim) must lock that row too for its foreign key, so it either committed before (and is deleted here)
// or waits and then fails, finding no user. Bytes go after the commit; a crash between the two leaves bytes no
// row names, which the image sweep removes (sweeper.ts). Per-network and daily counters are not the user's and
// stay; rate-limit windows are keyed by network and lapse within minutes.
import type { Database, Queryable } from '../db/database';
import type { ByteBackend } from '../images/store/byte-backend';

/** Where an erased image's bytes were. */
export interface ErasedBytes {
  storage: string;
  storageKey: string;
}

export interface ErasedRows {
  /** False when there was no such user (already erased, or never more than a reserved id). */
  found: boolean;
  bytes: ErasedBytes[];
}

// Children before parents: a job names its claim, and nothing but sessions (and credential tables added later)
// cascades from users.
const ERASE_STATEMENTS = [
  'DELETE FROM generation_jobs WHERE user_id = $1',
  'DELETE FROM generation_claims WHERE user_id = $1',
  'DELETE FROM images WHERE owner_id = $1',
  'DELETE FROM sessions WHERE user_id = $1',
  // Last: tables that reference users ON DELETE CASCADE (passkey credentials) go with it.
  'DELETE FROM users WHERE id = $1',
] as const;

/** Step one: every row of the user, atomically. Answers where their images' bytes are. */
export async function eraseUserRows(db: Database, userId: number): Promise<ErasedRows> {
  return db.transaction(async (tx: Queryable) => {
    const locked = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (locked.length === 0) return { found: false, bytes: [] };
    const bytes = await tx.query<ErasedBytes>(
      'SELECT storage, storage_key AS "storageKey" FROM images WHERE owner_id = $1',
      [userId],
    );
    for (const statement of ERASE_STATEMENTS) await tx.query(statement, [userId]);
    return { found: true, bytes };
  });
}

/**
 * Step two: the bytes. Those on a backend no longer configured cannot be reached from here (as in the sweep);
 * the number that could not be deleted now is answered, and the sweep deletes them later.
 */
export async function eraseBytes(backend: ByteBackend, erased: readonly ErasedBytes[]): Promise<number> {
  let left = 0;
  for (const { storage, storageKey } of erased) {
    if (storage !== backend.name) {
      left++;
      continue;
    }
    await backend.delete(storageKey).catch(() => left++);
  }
  return left;
}

/** Both steps. */
export async function eraseUser(db: Database, backend: ByteBackend, userId: number) {
  const rows = await eraseUserRows(db, userId);
  return { found: rows.found, bytesLeftForSweep: await eraseBytes(backend, rows.bytes) };
}
