// Real PostgreSQL for tests. `startPostgres` hands each caller a database of its own on one cluster shared by
// the whole run, started by the first file that asks (postgres-global-setup.ts stops it): a cluster costs seconds
// to start on a busy machine, a database a fraction of one. A test that must own every process of its cluster
// (stopping them, say) uses `startPostgresCluster`.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import {
  createDatabase,
  dropDatabase,
  sharedClusterFiles,
  startPostgresCluster,
  type TestPostgres,
} from '../../tooling/postgres-cluster';

export { startPostgresCluster, type TestPostgres } from '../../tooling/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's shared cluster keeps its lock and address (see postgres-global-setup.ts). */
    sharedPostgresDir: string;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` while holding a lock shared by every test process (a directory: mkdir is atomic). A lock whose
 * holder has died is taken over, so a killed worker does not leave the others waiting forever.
 */
async function withLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  const pidFile = path.join(lockDir, 'pid');
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(pidFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : Number.NaN);
      if (Number.isInteger(holder) && holder > 0 && !processIsAlive(holder)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Two servers' pools and listeners per file, two files at once, and the tests' own connections. */
const SHARED_CLUSTER_SETTINGS = { max_connections: '300' };

/** The shared cluster's address, starting it if no file has yet. */
async function sharedClusterUrl(sharedDir: string): Promise<string> {
  const files = sharedClusterFiles(sharedDir);
  return withLock(files.lock, async () => {
    if (!existsSync(files.url)) {
      const cluster = await startPostgresCluster(SHARED_CLUSTER_SETTINGS);
      writeFileSync(files.clusterDir, cluster.dir);
      writeFileSync(files.url, cluster.url);
    }
    return readFileSync(files.url, 'utf8');
  });
}

/**
 * A fresh, empty database for the caller, on the run's shared cluster; `stop` drops it, closing what is still
 * connected. In a vitest project without the global setup it gets a cluster of its own.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const sharedDir = inject('sharedPostgresDir');
  if (!sharedDir) return startPostgresCluster();
  const adminUrl = await sharedClusterUrl(sharedDir);
  const name = `test_${randomBytes(8).toString('hex')}`;
  return { url: await createDatabase(adminUrl, name), stop: () => dropDatabase(adminUrl, name) };
}
