// The server as the two kinds of deployment run it, for suites that must hold on both: one instance on PGlite,
// and two instances on one real PostgreSQL (images in the database), where races between instances are real.
// Each suite opens one per database for the file and reads its rows through a connection of its own.
import path from 'node:path';
import type { ServerParts } from '../../server/app';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { openMigratedPglite } from '../../tooling/fresh-pglite';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../tooling/server';
import { startPostgres } from './postgres';

export interface Deployment {
  /** Every instance's origin; requests of one test are spread over them. */
  origins: string[];
  /** The deployment's database, for reading rows the API does not show. */
  db: Database;
  close(): Promise<void>;
}

export interface DeploymentCase {
  name: string;
  /** `parts.logDestination`: every instance's log lines. */
  start(overrides?: Partial<Config>, parts?: Pick<ServerParts, 'logDestination'>): Promise<Deployment>;
}

const closeAll = async (servers: RunningServer[]) => {
  await Promise.all(servers.map((server) => server.close()));
};

export const deploymentCases: DeploymentCase[] = [
  {
    name: 'PGlite',
    async start(overrides = {}, parts = {}) {
      const temp = temporaryDir();
      const db = await openMigratedPglite();
      const server = await startServer(testConfig(temp.dir, overrides), { ...parts, db });
      return {
        origins: [server.origin],
        db,
        async close() {
          await server.close();
          await db.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: 'PostgreSQL, two instances',
    async start(overrides = {}, parts = {}) {
      const temp = temporaryDir();
      const cluster = await startPostgres();
      const servers: RunningServer[] = [];
      // One after the other: both would migrate at once (safe under the advisory lock, only slower).
      for (const name of ['a', 'b']) {
        const dataDir = path.join(temp.dir, name);
        servers.push(
          await startServer(testConfig(dataDir, { databaseUrl: cluster.url, ...overrides }), parts),
        );
      }
      const db = await openPostgres(cluster.url);
      return {
        origins: servers.map((server) => server.origin),
        db,
        async close() {
          await closeAll(servers);
          await db.close();
          await cluster.stop();
          temp.remove();
        },
      };
    },
  },
];
