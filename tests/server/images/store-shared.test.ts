// Two real server instances sharing one real PostgreSQL, each with its own DATA_DIR: a photo uploaded through
// A is served by B, with the bytes in the database (the default with DATABASE_URL) or in S3 (s3rver).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../contract/images';
import type { Config } from '../../../server/config';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { GenerationClient } from '../generation/generation-client';
import { startS3rver } from './store-backends';

let cluster: TestPostgres;
let s3: Awaited<ReturnType<typeof startS3rver>>;
const temp = temporaryDir('kr-shared-images-');
const running: RunningServer[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
  s3 = await startS3rver(`${temp.dir}/s3rver`);
}, 90_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
  await s3?.stop();
  await cluster?.stop();
  temp.remove();
});

async function instances(name: string, overrides: Partial<Config>) {
  const start = (instance: string) =>
    startServer(testConfig(`${temp.dir}/${name}-${instance}`, { databaseUrl: cluster.url, ...overrides }));
  const pair = await Promise.all([start('a'), start('b')]);
  running.push(...pair);
  return pair;
}

describe.each([
  { name: 'database', overrides: {} },
  { name: 's3', overrides: () => ({ imageBytes: { backend: 's3', s3: s3.settings } }) as Partial<Config> },
])('two instances, bytes in $name', ({ name, overrides }) => {
  it('serves on B a photo uploaded through A, to its owner only', async () => {
    const [a, b] = await instances(name, typeof overrides === 'function' ? overrides() : overrides);
    const onA = new GenerationClient(a?.origin ?? '');
    const id = await onA.upload();
    const onB = onA.on(b?.origin ?? '');
    const served = await onB.request(imageUrl(id));
    expect(served.status).toBe(200);
    expect(served.body).toEqual((await onA.request(imageUrl(id))).body);

    const stranger = new GenerationClient(b?.origin ?? '');
    expect((await stranger.request(imageUrl(id))).status).toBe(404);
  });
});
