// Each image backend as the server would run it, on real parts: a temp directory, PGlite, a throwaway
// PostgreSQL, and s3rver (a real S3-protocol server) on a loopback port. One suite runs against all of them.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../../../server/config';
import type { Database, Queryable } from '../../../server/db/database';
import { runMigrations } from '../../../server/db/migrations';
import { openPostgres } from '../../../server/db/postgres';
import type { S3Settings } from '../../../server/images/store/s3-bytes';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { temporaryDir } from '../../../tooling/server';
import { startPostgres } from '../../support/postgres';

export interface BackendFixture {
  db: Database;
  /** Server config overrides that choose this backend (`databaseUrl` for real PostgreSQL). */
  config: Partial<Config> & Pick<Config, 'dataDir'>;
  /** True when the server must open the database itself from `config.databaseUrl`. */
  sharedDatabase: boolean;
  close(): Promise<void>;
}

export interface BackendCase {
  name: string;
  open(): Promise<BackendFixture>;
}

/** A real S3-protocol server on loopback with one empty bucket, and the settings that reach it. */
export async function startS3rver(
  directory: string,
): Promise<{ settings: S3Settings; stop: () => Promise<void> }> {
  const bucket = 'kitchen-images';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's fixed development keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    stop: () => server.close(),
  };
}

const onPglite = (
  name: string,
  choose: (dataDir: string) => Promise<{ config: Partial<Config>; stop?: () => Promise<void> }>,
) =>
  ({
    name,
    async open() {
      const temp = temporaryDir('kr-images-');
      const db = await openMigratedPglite();
      const { config, stop } = await choose(temp.dir);
      return {
        db,
        config: { dataDir: temp.dir, ...config },
        sharedDatabase: false,
        async close() {
          await db.close();
          await stop?.();
          temp.remove();
        },
      };
    },
  }) satisfies BackendCase;

export const backendCases: BackendCase[] = [
  onPglite('disk', async () => ({ config: { imageBytes: { backend: 'disk' } } })),
  onPglite('database on PGlite', async () => ({ config: { imageBytes: { backend: 'database' } } })),
  {
    name: 'database on PostgreSQL',
    async open() {
      const temp = temporaryDir('kr-images-');
      const cluster = await startPostgres();
      const db = await openPostgres(cluster.url);
      await runMigrations(db);
      return {
        db,
        // No `imageBytes`: with DATABASE_URL the database is the default.
        config: { dataDir: temp.dir, databaseUrl: cluster.url },
        sharedDatabase: true,
        async close() {
          await db.close();
          await cluster.stop();
          temp.remove();
        },
      };
    },
  },
  onPglite('s3 (s3rver)', async (dataDir) => {
    const s3 = await startS3rver(path.join(dataDir, 's3rver'));
    return { config: { imageBytes: { backend: 's3', s3: s3.settings } }, stop: s3.stop };
  }),
];

/** New users, as the images table's owners must exist. */
export async function createUsers(db: Queryable, count: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO users (generations_remaining) SELECT 5 FROM generate_series(1, $1::integer) RETURNING id',
    [count],
  );
  return rows.map((row) => row.id);
}
