import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { runMigrations } from './migrations';

/**
 * PostgreSQL when `DATABASE_URL` is set, otherwise PGlite in `<DATA_DIR>/pg`; migrated before it is returned.
 * Each driver is imported only when chosen: loading modules is a good part of the start time.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = config.databaseUrl
    ? await (await import('./postgres')).openPostgres(config.databaseUrl)
    : await (await import('./pglite')).openPglite(path.join(config.dataDir, 'pg'));
  try {
    await runMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
