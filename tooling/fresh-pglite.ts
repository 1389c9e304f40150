// The tests open an empty in-memory PGlite for every app server and in-process server they start. PGlite creates
// one in 1.2-1.8 s of CPU but loads a copy of an empty one in 0.3 s, so the first open in a run dumps an empty
// database to a file in the temporary directory, named by PGlite's version, and every later open, in any test
// process, loads it.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../server/db/database';
import { openPglite } from '../server/db/pglite';
import { repoRoot } from './paths';

const pgliteVersion = (
  JSON.parse(
    readFileSync(path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string }
).version;
/** Where the runs keep the empty database's dump. */
export const TEMPLATE_FILE = path.join(tmpdir(), `kr-pglite-empty-${pgliteVersion}.tar`);

let template: Promise<Blob> | undefined;

/** The empty database's dump: read from the run's file, or made and written there (atomically) first. */
function emptyDatabase(): Promise<Blob> {
  template ??= (async () => {
    try {
      return new Blob([readFileSync(TEMPLATE_FILE)]);
    } catch {
      const fresh = await PGlite.create();
      try {
        const dump = await fresh.dumpDataDir('none');
        const part = `${TEMPLATE_FILE}.${process.pid}.part`;
        writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
        renameSync(part, TEMPLATE_FILE);
        return dump;
      } finally {
        await fresh.close();
      }
    }
  })();
  return template;
}

/** A new, empty in-memory database, as `openPglite()` gives, from the empty database's dump. */
export async function openFreshPglite(): Promise<Database> {
  try {
    return await openPglite(undefined, { template: await emptyDatabase() });
  } catch {
    // A dump that does not load (another PGlite build wrote it): made again from a database created anew.
    template = undefined;
    rmSync(TEMPLATE_FILE, { force: true });
    return openPglite(undefined, { template: await emptyDatabase() });
  }
}
