// The generation quota against both real databases: PGlite in memory and a throwaway PostgreSQL cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrations, runMigrations } from '../../../server/db/migrations';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import { createQuota, type Quota } from '../../../server/quota/quota';
import { createUserStore, type UserStore } from '../../../server/users/user-store';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { startServer, temporaryDir, testConfig, writeTestDist } from '../../support/server';
import { authorize, visit } from './session-helpers';

const LIMIT = 5;

interface OpenedDatabase {
  db: Database;
  stop: () => Promise<void>;
  /** The cluster's URL, when it is a PostgreSQL server that can hold more databases. */
  serverUrl?: string;
}

const databases: [string, () => Promise<OpenedDatabase>][] = [
  [
    'PGlite',
    async () => {
      const db = await openPglite();
      return { db, stop: () => db.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const cluster: TestPostgres = await startPostgres();
      const db = await openPostgres(cluster.url);
      return {
        db,
        serverUrl: cluster.url,
        stop: async () => {
          await db.close();
          await cluster.stop();
        },
      };
    },
  ],
];

describe.each(databases)('quota on %s', (kind, open) => {
  let db: Database;
  let stop: () => Promise<void>;
  let serverUrl: string | undefined;
  let quota: Quota;
  let users: UserStore;

  beforeAll(async () => {
    ({ db, stop, serverUrl } = await open());
    await runMigrations(db);
    quota = createQuota(db);
    users = createUserStore(db, LIMIT);
  }, 60_000);
  afterAll(() => stop?.());

  it('grants exactly the remaining count to 50 concurrent claims', async () => {
    const userId = await users.createGuest();
    const results = await Promise.all(Array.from({ length: 50 }, () => quota.claim(userId)));
    expect(results.filter((result) => result.granted)).toHaveLength(LIMIT);
    expect(results.filter((result) => !result.granted).every((result) => result.remaining === 0)).toBe(true);
    const remainders = results.flatMap((result) => (result.granted ? [result.remaining] : []));
    expect(remainders.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await quota.remaining(userId)).toBe(0);
  });

  it('gives a refunded unit back once only, even when refunds race', async () => {
    const userId = await users.createGuest();
    const result = await quota.claim(userId);
    if (!result.granted) throw new Error('the first claim must be granted');
    expect(result.remaining).toBe(LIMIT - 1);
    const refunds = await Promise.all([
      quota.refund(result.claim),
      quota.refund(result.claim),
      quota.refund(result.claim),
    ]);
    expect(refunds).toEqual([LIMIT, LIMIT, LIMIT]);
    expect(await quota.remaining(userId)).toBe(LIMIT);
  });

  it('charges a repeated Idempotency-Key once and returns the first claim', async () => {
    const userId = await users.createGuest();
    const first = await quota.claim(userId, 'generation-1');
    const repeats = await Promise.all(Array.from({ length: 10 }, () => quota.claim(userId, 'generation-1')));
    expect(first).toMatchObject({ granted: true, replayed: false, remaining: LIMIT - 1 });
    for (const repeat of repeats) {
      expect(repeat).toMatchObject({ granted: true, replayed: true, remaining: LIMIT - 1 });
      if (repeat.granted && first.granted) expect(repeat.claim.id).toBe(first.claim.id);
    }
    expect(await quota.remaining(userId)).toBe(LIMIT - 1);
  });

  it('charges concurrent first uses of one key once', async () => {
    const userId = await users.createGuest();
    const results = await Promise.all(Array.from({ length: 20 }, () => quota.claim(userId, 'same-key')));
    expect(results.filter((result) => result.granted && !result.replayed)).toHaveLength(1);
    expect(await quota.remaining(userId)).toBe(LIMIT - 1);
  });

  it("keeps keys per user: another user's key charges its own user", async () => {
    const [alice, bob] = [await users.createGuest(), await users.createGuest()];
    await quota.claim(alice, 'shared-key');
    const bobs = await quota.claim(bob, 'shared-key');
    expect(bobs).toMatchObject({ granted: true, replayed: false, remaining: LIMIT - 1 });
    expect(await quota.remaining(alice)).toBe(LIMIT - 1);
  });

  it('refuses a claim when nothing is left, and charges nothing for it', async () => {
    const userId = await users.createGuest();
    for (let i = 0; i < LIMIT; i += 1) await quota.claim(userId, `k${i}`);
    expect(await quota.claim(userId, 'one-more')).toEqual({ granted: false, remaining: 0 });
    // The refused key left no claim behind: once a unit is back, the same key is charged.
    const [firstKey] = await Promise.all([quota.claim(userId, 'k0')]);
    if (!firstKey?.granted) throw new Error('k0 was granted before');
    await quota.refund(firstKey.claim);
    expect(await quota.claim(userId, 'one-more')).toMatchObject({
      granted: true,
      replayed: false,
      remaining: 0,
    });
  });

  it('applies migrations once: a second run finds nothing to do', async () => {
    expect(await runMigrations(db)).toEqual([]);
  });

  // PGlite is one process's database: only PostgreSQL has concurrently starting instances.
  if (kind !== 'PostgreSQL') return;
  it('lets two instances migrate a fresh database at the same moment', async () => {
    if (!serverUrl) throw new Error('the PostgreSQL cluster has no URL');
    await db.query('CREATE DATABASE concurrent_start');
    const url = new URL(serverUrl);
    url.pathname = '/concurrent_start';
    const instances = await Promise.all([openPostgres(url.href), openPostgres(url.href)]);
    try {
      const applied = await Promise.all(instances.map((instance) => runMigrations(instance)));
      expect(applied.map((ids) => ids.length).sort()).toEqual([0, migrations.length]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('runs the whole server on PostgreSQL when DATABASE_URL is set', async () => {
    if (!serverUrl) throw new Error('the PostgreSQL cluster has no URL');
    await db.query('CREATE DATABASE whole_server');
    const url = new URL(serverUrl);
    url.pathname = '/whole_server';
    const temp = temporaryDir();
    const server = await startServer(
      testConfig(temp.dir, { databaseUrl: url.href, distDir: writeTestDist(temp.dir) }),
    );
    try {
      const page = await visit(server.origin);
      const userId = page.boot.userId;
      const response = await authorize(server.origin, page.cookie, userId);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ userId, generationsRemaining: LIMIT });
    } finally {
      await server.close();
      temp.remove();
    }
  });
});
