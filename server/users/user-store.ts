import type { Database } from '../db/database';

export interface UserRecord {
  id: number;
  generationsRemaining: number;
}

export interface UserStore {
  /** A new guest with the full generation allowance. */
  createGuest(): Promise<number>;
  exists(id: number): Promise<boolean>;
  find(id: number): Promise<UserRecord | undefined>;
}

// Users are never deleted, so an id once seen to exist can skip the database on later requests: a returning
// session then costs a signature check, not a query.
const KNOWN_IDS_CAPACITY = 100_000;

export function createUserStore(db: Database, generationLimit: number): UserStore {
  const knownIds = new Set<number>();
  const remember = (id: number) => {
    if (knownIds.size >= KNOWN_IDS_CAPACITY) knownIds.clear();
    knownIds.add(id);
  };

  const find = async (id: number): Promise<UserRecord | undefined> => {
    const [row] = await db.query<UserRecord>(
      'SELECT id, generations_remaining AS "generationsRemaining" FROM users WHERE id = $1',
      [id],
    );
    if (row) remember(row.id);
    return row;
  };

  return {
    async createGuest() {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO users (generations_remaining) VALUES ($1) RETURNING id',
        [generationLimit],
      );
      if (!row) throw new Error('INSERT INTO users returned no row');
      remember(row.id);
      return row.id;
    },
    async exists(id) {
      return knownIds.has(id) || (await find(id)) !== undefined;
    },
    find,
  };
}
