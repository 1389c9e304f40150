// The generation quota against both real databases: PGlite in memory and a throwaway PostgreSQL cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrations, runMigrations } from '../../../server/db/migrations';
import { openPostgres } from '../../../server/db/postgres';
import type { HttpError } from '../../../server/http/errors';
import { createAdmission, MAX_UNFINISHED_JOBS_PER_USER } from '../../../server/jobs/admission';
import { createJobStore } from '../../../server/jobs/job-store';
import { createQuota, type Quota } from '../../../server/quota/quota';
import { createUserStore, type UserStore } from '../../../server/users/user-store';
import { openFreshPglite } from '../../../tooling/fresh-pglite';
import { startServer, temporaryDir, testConfig, writeTestDist } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { newKitchenJob } from '../generation/stored-job';
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
      const db = await openFreshPglite();
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
  let networks = 0;
  /** A network no other test has counted on. */
  const freshNetwork = () => {
    networks += 1;
    return `198.51.100.${networks}`;
  };
  const guests = (count: number) => Promise.all(Array.from({ length: count }, () => users.createGuest()));

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
    const refused = results.filter((result) => !result.granted);
    expect(refused.every((result) => result.remaining === 0 && result.refusal === 'user')).toBe(true);
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

  it("bounds one network's guests together: 50 concurrent guests, exactly the network's limit granted", async () => {
    const bounded = createQuota(db, { networkDailyLimit: 7, dailyBudget: null });
    const network = freshNetwork();
    const ids = await guests(50);
    const results = await Promise.all(ids.map((userId) => bounded.claim(userId, { network, paid: false })));
    expect(results.filter((result) => result.granted)).toHaveLength(7);
    for (const result of results.filter((each) => !each.granted)) {
      // Refused for the network, not the person: their own allowance is untouched.
      expect(result).toEqual({ granted: false, refusal: 'network', remaining: LIMIT });
    }
    // Another network is not affected.
    const elsewhere = await bounded.claim(await users.createGuest(), {
      network: freshNetwork(),
      paid: false,
    });
    expect(elsewhere.granted).toBe(true);
  });

  it('spends the daily budget on paid claims only, and a refund gives back the user, network and budget unit', async () => {
    const budgeted = createQuota(db, { networkDailyLimit: 2, dailyBudget: 3 });
    // Earlier tests on this database spent nothing from today's budget: none of their claims was paid.
    const network = freshNetwork();
    const paid = await Promise.all(
      (await guests(10)).map((userId) => budgeted.claim(userId, { network: freshNetwork(), paid: true })),
    );
    expect(paid.filter((result) => result.granted)).toHaveLength(3);
    expect(paid.filter((result) => !result.granted).every((result) => result.refusal === 'budget')).toBe(
      true,
    );
    const free = await budgeted.claim(await users.createGuest(), { network, paid: false });
    expect(free.granted).toBe(true);

    const first = paid.find((result) => result.granted);
    if (!first?.granted) throw new Error('three paid claims were granted');
    await Promise.all([budgeted.refund(first.claim), budgeted.refund(first.claim)]);
    const afterRefund = await Promise.all(
      (await guests(3)).map((userId) => budgeted.claim(userId, { network: freshNetwork(), paid: true })),
    );
    expect(afterRefund.filter((result) => result.granted)).toHaveLength(1);

    // The network's unit came back with it too: two more from `network` fit (limit 2, one used above).
    const sameNetwork = await Promise.all(
      (await guests(3)).map((userId) => budgeted.claim(userId, { network, paid: false })),
    );
    expect(sameNetwork.filter((result) => result.granted)).toHaveLength(1);
    if (!free.granted) throw new Error('unreachable');
    await budgeted.refund(free.claim);
    expect((await budgeted.claim(await users.createGuest(), { network, paid: false })).granted).toBe(true);
  });

  describe('admission (claim and job in one transaction)', () => {
    const codeOf = (settled: PromiseSettledResult<unknown>) =>
      settled.status === 'rejected' ? (settled.reason as HttpError).code : 'admitted';

    it('lets 50 concurrent requests of one user start exactly the unfinished limit, charging only those', async () => {
      const admit = createAdmission(db, createJobStore(db), quota);
      const userId = await users.createGuest();
      const network = freshNetwork();
      const settled = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          admit({ job: newKitchenJob(userId), charge: { network, paid: false } }),
        ),
      );
      const codes = settled.map(codeOf);
      expect(codes.filter((code) => code === 'admitted')).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);
      expect(codes.filter((code) => code === 'TOO_MANY_JOBS')).toHaveLength(
        50 - MAX_UNFINISHED_JOBS_PER_USER,
      );
      expect(await quota.remaining(userId)).toBe(LIMIT - MAX_UNFINISHED_JOBS_PER_USER);
      const claims = await db.query('SELECT id FROM generation_claims WHERE user_id = $1', [userId]);
      expect(claims).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);
    });

    it('answers 20 concurrent repeats of one Idempotency-Key with one job, charged once', async () => {
      const admit = createAdmission(db, createJobStore(db), quota);
      const userId = await users.createGuest();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          admit({ job: newKitchenJob(userId, 'same-key'), charge: { network: null, paid: false } }),
        ),
      );
      expect(new Set(results.map((result) => result.job.id)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(results.every((result) => result.remaining === LIMIT - 1)).toBe(true);
      expect(await quota.remaining(userId)).toBe(LIMIT - 1);
    });

    it('charges nothing and inserts no job when the network refuses', async () => {
      const bounded = createQuota(db, { networkDailyLimit: 1, dailyBudget: null });
      const admit = createAdmission(db, createJobStore(db), bounded);
      const network = freshNetwork();
      const [first, second] = await guests(2);
      if (first === undefined || second === undefined) throw new Error('no guests');
      await admit({ job: newKitchenJob(first), charge: { network, paid: false } });
      const refused = await admit({ job: newKitchenJob(second), charge: { network, paid: false } }).catch(
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ statusCode: 429, code: 'NETWORK_LIMIT_REACHED' });
      expect(await quota.remaining(second)).toBe(LIMIT);
      expect(await db.query('SELECT id FROM generation_jobs WHERE user_id = $1', [second])).toEqual([]);
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
