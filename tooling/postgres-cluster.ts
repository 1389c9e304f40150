// A throwaway PostgreSQL cluster from Debian's binaries, on a free loopback port in a temp directory (CI installs
// the `postgresql` package; see .ci/run). Free of vitest, so scripts (the journey benchmark) use it too; tests
// mostly want a database on the run's shared cluster instead (postgres.ts).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  "PostgreSQL's server binaries are missing: install them with `apt-get install -y postgresql` " +
  '(the tests look in /usr/lib/postgresql/<version>/bin).';

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(INSTALL_HINT);
  return path.join(root, versions[0], 'bin');
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` OS user and its commands
 * run through `runuser`; as anyone else they run directly.
 */
function commandRunner(): {
  run: (binary: string, args: string[]) => void;
  owner?: { uid: number; gid: number };
} {
  if (userInfo().uid !== 0) {
    return { run: (binary, args) => execFileSync(binary, args, { stdio: 'pipe' }) };
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return {
    run: (binary, args) =>
      execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' }),
    owner: { uid, gid },
  };
}

/** Stops the cluster in `dir` (made by startPostgresCluster) and removes it. */
export function stopPostgresCluster(dir: string): void {
  try {
    commandRunner().run(path.join(postgresBinDir(), 'pg_ctl'), [
      '-D',
      path.join(dir, 'data'),
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A cluster of the caller's own; `dir` is where it lives, for stopPostgresCluster. */
export async function startPostgresCluster(
  settings: Record<string, string> = {},
): Promise<TestPostgres & { dir: string }> {
  const bin = postgresBinDir();
  const { run, owner } = commandRunner();
  const dir = mkdtempSync(path.join(tmpdir(), 'kr-postgres-'));
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const describe = (error: unknown) => {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    return new Error(`Could not start the test PostgreSQL: ${stderr || String(error)}`);
  };
  try {
    run(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    // Durability is not the point of a throwaway cluster: fsync off keeps it fast on shared CI disks.
    const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off${extra.join('')}`;
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-o',
      serverOptions,
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw describe(error);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    async stop() {
      stopPostgresCluster(dir);
    },
  };
}

/** The files in the shared directory: the lock, and the running cluster's address and folder. */
export const sharedClusterFiles = (sharedDir: string) => ({
  lock: path.join(sharedDir, 'lock'),
  url: path.join(sharedDir, 'url'),
  clusterDir: path.join(sharedDir, 'cluster-dir'),
});

async function onAdminConnection(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates the empty database `name` on the cluster at `adminUrl` and answers its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await onAdminConnection(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name`, closing the connections still open to it. */
export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return onAdminConnection(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
