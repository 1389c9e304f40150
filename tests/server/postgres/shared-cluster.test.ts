// The run's shared PostgreSQL (tests/support/postgres.ts): a database of its own for each caller on one cluster,
// dozens asked for at once, dropped with its connections still open, and a lock left by a killed process taken
// over rather than waited on forever.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { sharedClusterFiles } from '../../../tooling/postgres-cluster';
import { startPostgres } from '../../support/postgres';

async function query<Row>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const adminUrlOf = (url: string) => Object.assign(new URL(url), { pathname: '/postgres' }).toString();
const nameOf = (url: string) => new URL(url).pathname.slice(1);

describe('startPostgres on the shared cluster', () => {
  it('hands two dozen callers at once a database each, on one cluster, apart from each other', async () => {
    const databases = await Promise.all(Array.from({ length: 24 }, () => startPostgres()));
    try {
      const urls = databases.map((database) => new URL(database.url));
      expect(new Set(urls.map((url) => url.host)).size).toBe(1);
      expect(new Set(urls.map((url) => url.pathname)).size).toBe(24);
      const [first, second] = databases.map((database) => database.url);
      if (!first || !second) throw new Error('no databases');
      await query(first, 'CREATE TABLE only_here (id int)');
      const [seen] = await query<{ table: string | null }>(
        second,
        "SELECT to_regclass('only_here') AS table",
      );
      expect(seen?.table).toBeNull();
    } finally {
      await Promise.all(databases.map((database) => database.stop()));
    }
  });

  it('drops a database whose connections are still open', async () => {
    const database = await startPostgres();
    const left = new pg.Client({ connectionString: database.url });
    left.on('error', () => {}); // The drop ends this connection.
    await left.connect();
    await database.stop();
    const rows = await query(adminUrlOf(database.url), 'SELECT 1 FROM pg_database WHERE datname = $1', [
      nameOf(database.url),
    ]);
    expect(rows).toEqual([]);
    await left.end().catch(() => {});
  });

  it('takes over the lock of a process that died holding it', async () => {
    const { lock } = sharedClusterFiles(inject('sharedPostgresDir'));
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    // Another file may hold the lock for a moment: wait for it, then leave it as a killed holder would.
    for (;;) {
      try {
        mkdirSync(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await sleep(50);
      }
    }
    writeFileSync(path.join(lock, 'pid'), String(deadPid));
    const database = await startPostgres();
    await database.stop();
    expect(existsSync(lock)).toBe(false);
  });
});
