import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database';

/**
 * Opens PGlite in `dir`, or in memory when `dir` is omitted. Creating a fresh database costs seconds and
 * hundreds of MB, reopening one well under a second: tests should open one per file at most. With `template` (a
 * dump of a data directory), the database starts as a copy of it instead of being created.
 */
export async function openPglite(dir?: string, { template }: { template?: Blob } = {}): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dir, template ? { loadDataDir: template } : {}));
}

/** The server's database interface over an open PGlite. */
export function pgliteDatabase(db: PGlite): Database {
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(sql, [...params])).rows;
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, [...params])).rows;
          },
        }),
      ),
    close: () => db.close(),
  };
}
