// A throwaway PostgreSQL cluster from Debian's binaries, on a free loopback port in a temp directory, for tests
// that must run against the real server (CI installs the `postgresql` package; see .ci/run).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
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

export async function startPostgres(): Promise<TestPostgres> {
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
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
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
    async stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
