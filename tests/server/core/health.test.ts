// /healthz and /readyz on the real server and a real PostgreSQL: what a load balancer sees when all is well,
// when a registered check fails, and when the database hangs (its processes stopped with SIGSTOP).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import type { Database } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/open';
import { HEALTH_PATHS } from '../../../server/ops/health-routes';
import { startPostgresCluster, type TestPostgres } from '../../../tooling/postgres-cluster';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';

let cluster: TestPostgres;
let db: Database;
let server: RunningServer;
const temp = temporaryDir();
// Low, so that a probe counted by the rate limiter would soon be refused.
const RATE_LIMIT = { max: 3, windowMs: 60_000 };

beforeAll(async () => {
  // A cluster of its own, not the run's shared one: the hang test stops every one of its processes.
  cluster = await startPostgresCluster();
  const config = testConfig(temp.dir, { databaseUrl: cluster.url, rateLimit: RATE_LIMIT });
  // Opened here too, to find the PostgreSQL processes behind the server's connections.
  db = await openDatabase(config);
  server = await startServer(config, { db });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  await cluster?.stop();
  temp.remove();
});

const probe = (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, init);

/** The PostgreSQL processes behind the server's connections, and their postmaster. */
async function postgresProcesses(): Promise<number[]> {
  const rows = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity');
  const backends = rows.map((row) => row.pid);
  const [first] = backends;
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm holds no ")" for postgres.
  const postmaster = Number(readFileSync(`/proc/${first}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
  return [postmaster, ...backends];
}

describe('GET /healthz', () => {
  it('answers alive, uncached, without a cookie even for a browser that sends a forged one', async () => {
    const answer = await probe(HEALTH_PATHS.alive, { headers: { cookie: 'kr_session=forged.signature' } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('GET /readyz', () => {
  it('answers ready with every check, uncached and without a cookie', async () => {
    const answer = await probe(HEALTH_PATHS.ready);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ready', checks: { database: 'ok', images: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('is never rate limited: dozens of probes at once from one client all pass', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => probe(index % 2 ? HEALTH_PATHS.ready : HEALTH_PATHS.alive)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // The limiter is live for state-changing routes of the same client.
    const posts = await Promise.all(
      Array.from({ length: RATE_LIMIT.max + 1 }, () =>
        probe(`${API_PREFIX}${actionPaths.authorizeUser}`, { method: 'POST' }),
      ),
    );
    expect(posts.map((answer) => answer.status)).toContain(429);
  });

  it('answers 503 naming a registered check that fails, and ready again once it passes', async () => {
    let broken = true;
    server.app.readiness.add('provider', async () => {
      if (broken) throw new Error('the provider is unreachable');
    });
    const failing = await probe(HEALTH_PATHS.ready);
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual({
      status: 'not ready',
      reason: 'check failed',
      failed: ['provider'],
      checks: { database: 'ok', images: 'ok', provider: 'failed' },
    });
    broken = false;
    expect((await probe(HEALTH_PATHS.ready)).status).toBe(200);
    expect(() => server.app.readiness.add('provider', async () => {})).toThrow(/already registered/);
  });

  it('answers 503 (timed out) instead of hanging while the database hangs; /healthz stays 200', async () => {
    const pids = await postgresProcesses();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    try {
      const [ready, alive] = await Promise.all([probe(HEALTH_PATHS.ready), probe(HEALTH_PATHS.alive)]);
      expect(alive.status).toBe(200);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        // The image store keeps its bytes in the same database here, so it hangs with it.
        failed: ['database', 'images'],
        checks: { database: 'timed out', images: 'timed out' },
      });
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    expect((await probe(HEALTH_PATHS.ready)).status).toBe(200);
  });
});
