// The tests' empty databases come from a dump of one (tooling/fresh-pglite.ts): each is empty and its own, and a
// dump that does not load is made again rather than failing every test after it.
import { writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runMigrations } from '../../../server/db/migrations';
import { openFreshPglite, TEMPLATE_FILE } from '../../../tooling/fresh-pglite';

const tables = async (db: Awaited<ReturnType<typeof openFreshPglite>>) =>
  (
    await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    )
  ).map(({ name }) => name);

describe('a fresh in-memory database for a test', () => {
  it('starts empty and is its own: a table made in one is not in the next', async () => {
    const first = await openFreshPglite();
    const second = await openFreshPglite();
    try {
      expect(await tables(first)).toEqual([]);
      await runMigrations(first);
      expect((await tables(first)).length).toBeGreaterThan(3);
      expect(await tables(second)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is made anew when the dump on disk does not load', async () => {
    writeFileSync(TEMPLATE_FILE, 'not a data directory');
    vi.resetModules();
    const { openFreshPglite: openAfterDamage } = await import('../../../tooling/fresh-pglite');
    const db = await openAfterDamage();
    try {
      await runMigrations(db);
      expect((await tables(db)).length).toBeGreaterThan(3);
    } finally {
      await db.close();
    }
  });
});
