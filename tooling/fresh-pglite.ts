// The tests open an in-memory PGlite for every app server and in-process server they start. PGlite creates one in
// 1.2-1.8 s of CPU but loads a copy of an empty one in 0.3 s, so the first open in a run dumps an empty database to
// a file in the temporary directory, named by PGlite's version, and every later open, in any test process, loads
// it. Most tests then migrate it, which took about as long again each time (CI time, issue 35, D101): a migrated
// database has a dump of its own, named by PGlite's version and the migrations it holds.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../server/db/database';
import { migrations, runMigrations } from '../server/db/migrations';
import { openPglite, pgliteDatabase } from '../server/db/pglite';
import { repoRoot } from './paths';

const pgliteVersion = (
  JSON.parse(
    readFileSync(path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string }
).version;
/** Where the runs keep the empty database's dump. */
export const TEMPLATE_FILE = path.join(tmpdir(), `kr-pglite-empty-${pgliteVersion}.tar`);
/** Where the runs keep the migrated database's dump: a changed or added migration names another file. */
export const MIGRATED_TEMPLATE_FILE = path.join(
  tmpdir(),
  `kr-pglite-migrated-${pgliteVersion}-${createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16)}.tar`,
);

/**
 * A dump in memory, handed to PGlite as a Blob whose `arrayBuffer()` is a plain copy of its bytes: PGlite reads a
 * dump's bytes at every open, and a Blob of a 40 MB dump gave them back through Node's chunked reader, about 45 ms
 * of CPU each time against a few for the copy (CI time, issue 35, D155).
 */
class DumpBlob extends Blob {
  readonly #contents: Uint8Array<ArrayBuffer>;

  constructor(contents: Uint8Array<ArrayBuffer>) {
    super([contents]);
    this.#contents = contents;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#contents.slice().buffer);
  }
}

/** A database's dump kept in `file`: read from the run's file, or made and written there (atomically) first. */
class Template {
  private dump: Promise<Blob> | undefined;

  constructor(
    private readonly file: string,
    private readonly make: () => Promise<Blob>,
  ) {}

  read(): Promise<Blob> {
    this.dump ??= (async () => {
      try {
        return new DumpBlob(new Uint8Array(readFileSync(this.file)));
      } catch {
        const dump = new Uint8Array(await (await this.make()).arrayBuffer());
        const part = `${this.file}.${process.pid}.part`;
        writeFileSync(part, dump);
        renameSync(part, this.file);
        return new DumpBlob(dump);
      }
    })();
    return this.dump;
  }

  /** A new in-memory database from the dump; one that does not load (another PGlite build wrote it) is made anew. */
  async open(): Promise<Database> {
    try {
      return await openPglite(undefined, { template: await this.read() });
    } catch {
      this.dump = undefined;
      rmSync(this.file, { force: true });
      return openPglite(undefined, { template: await this.read() });
    }
  }
}

const empty = new Template(TEMPLATE_FILE, async () => {
  const fresh = await PGlite.create();
  try {
    return await fresh.dumpDataDir('none');
  } finally {
    await fresh.close();
  }
});

const migrated = new Template(MIGRATED_TEMPLATE_FILE, async () => {
  const fresh = await PGlite.create({ loadDataDir: await empty.read() });
  try {
    await runMigrations(pgliteDatabase(fresh));
    return await fresh.dumpDataDir('none');
  } finally {
    await fresh.close();
  }
});

/** A new, empty in-memory database, as `openPglite()` gives, from the empty database's dump. */
export function openFreshPglite(): Promise<Database> {
  return empty.open();
}

/**
 * A new in-memory database with every migration applied, as `openPglite()` and `runMigrations` give, from the
 * migrated database's dump: for tests about what runs on the schema, not about migrating it.
 */
export function openMigratedPglite(): Promise<Database> {
  return migrated.open();
}

/**
 * This process's migrated database on disk, closed, made once from the dump and copied for every seeding: loading
 * the dump into a new directory took about a second of CPU each time, a copy a tenth of that (CI time, issue 35,
 * D130). Removed when the process exits.
 */
let seedTemplate: Promise<string> | undefined;

function migratedDataDirTemplate(): Promise<string> {
  seedTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kr-pglite-seed-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const db = await PGlite.create(dir, { loadDataDir: await migrated.read() });
    await db.close();
    return dir;
  })().catch((error: unknown) => {
    seedTemplate = undefined;
    throw error;
  });
  return seedTemplate;
}

/**
 * Puts a migrated database where the server opens its own in `dataDir` (`<dataDir>/pg`, server/db/open.ts), from
 * the migrated database's dump: a server started on it reopens a database instead of creating and migrating one
 * (CI time, issue 35, D124, D130), as a server does on every start after its first.
 */
export async function seedMigratedDataDir(dataDir: string): Promise<void> {
  cpSync(await migratedDataDirTemplate(), path.join(dataDir, 'pg'), { recursive: true });
}

/**
 * Seeds `dataDir` (seedMigratedDataDir) unless it holds a database already: for the tests' servers, whose first
 * start is not what they test. Creating and migrating PGlite on disk took 2.7 s of CPU a start, and about 9 s of
 * wall time beside another test run (CI time, issue 35, D130). A server's first start, creating its database, is
 * npm-start's, built-server's and the persistence test's to check.
 */
export async function seedUnlessPresent(dataDir: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'pg'))) await seedMigratedDataDir(dataDir);
}
