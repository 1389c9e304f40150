import type { Database, Queryable } from '../db/database';

export interface UserRecord {
  id: number;
  generationsRemaining: number;
  /** Has a passkey (migration 8). */
  isAccount: boolean;
  /** Disabled by an operator: nobody may act for it, not even a service caller. */
  isDisabled: boolean;
}

export interface UserStore {
  /** A new guest with the full generation allowance. */
  createGuest(): Promise<number>;
  find(id: number): Promise<UserRecord | undefined>;
}

/** Inserts a guest with the full allowance, inside the caller's transaction when given one. */
export async function insertGuest(db: Queryable, generationLimit: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO users (generations_remaining) VALUES ($1) RETURNING id',
    [generationLimit],
  );
  if (!row) throw new Error('INSERT INTO users returned no row');
  return row.id;
}

// No cache of known ids: a switched or restored database may lack a user this process saw, and the session check
// (server/users/session-store.ts) no longer asks this store at all.
export function createUserStore(db: Database, generationLimit: number): UserStore {
  const find = async (id: number): Promise<UserRecord | undefined> => {
    const [row] = await db.query<UserRecord>(
      `SELECT id, generations_remaining AS "generationsRemaining", account_since IS NOT NULL AS "isAccount",
         disabled_at IS NOT NULL AS "isDisabled"
       FROM users WHERE id = $1`,
      [id],
    );
    return row;
  };

  return {
    createGuest: () => insertGuest(db, generationLimit),
    find,
  };
}
