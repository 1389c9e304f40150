// The usual setup of a test file that needs the real server but no particular database: a fresh, migrated
// in-memory PGlite and a temporary data directory, all closed or removed by `stop`.
import type { Config } from '../../server/config';
import { openMigratedPglite } from '../../tooling/fresh-pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../tooling/server';

export interface MemoryServer extends RunningServer {
  stop(): Promise<void>;
}

export async function startMemoryServer(overrides: Partial<Config> = {}): Promise<MemoryServer> {
  const temp = temporaryDir();
  const db = await openMigratedPglite();
  const server = await startServer(testConfig(temp.dir, overrides), { db });
  return {
    ...server,
    async stop() {
      await server.close();
      await db.close();
      temp.remove();
    },
  };
}
