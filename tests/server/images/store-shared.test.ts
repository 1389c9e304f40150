// Two real server instances sharing one real PostgreSQL, each with its own DATA_DIR: a photo uploaded through
// A is served by B, with the bytes in the database (the default with DATABASE_URL) or in S3 (s3rver).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../contract/images';
import { surfaceMasksUrl, surfaceMaskUrl } from '../../../contract/surface-masks';
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
  it('serves on B a photo uploaded through A, and its masks, to its owner only', async () => {
    const [a, b] = await instances(name, typeof overrides === 'function' ? overrides() : overrides);
    const onA = new GenerationClient(a?.origin ?? '');
    const id = await onA.upload();
    const onB = onA.on(b?.origin ?? '');
    const served = await onB.request(imageUrl(id));
    expect(served.status).toBe(200);
    expect(served.body).toEqual((await onA.request(imageUrl(id))).body);

    const stranger = new GenerationClient(b?.origin ?? '');
    expect((await stranger.request(imageUrl(id))).status).toBe(404);

    // The photo's surface masks too (issue 22): marked through A, read and cleared through B.
    const { width, height } = await sharp(served.body as Buffer).metadata();
    const mask = await sharp(Buffer.alloc((width ?? 0) * (height ?? 0), 255), {
      raw: { width: width ?? 0, height: height ?? 0, channels: 1 },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('worktop', new Blob([mask], { type: 'image/png' }), 'worktop.png');
    expect((await onA.request(surfaceMasksUrl(id), { method: 'PUT', body: form })).status).toBe(200);
    const maskOnB = await onB.request(surfaceMaskUrl(id, 'worktop'));
    expect(maskOnB.status).toBe(200);
    const plane = await sharp(maskOnB.body as Buffer)
      .extractChannel(0)
      .raw()
      .toBuffer();
    expect([plane.length, plane.every((value) => value === 255)]).toEqual([
      (width ?? 0) * (height ?? 0),
      true,
    ]);
    expect(plane.length).toBeGreaterThan(0);
    expect((await stranger.request(surfaceMaskUrl(id, 'worktop'))).status).toBe(404);
    expect((await onB.request(surfaceMasksUrl(id), { method: 'DELETE' })).status).toBe(204);
    expect((await onA.request(surfaceMasksUrl(id))).body).toMatchObject({ surfaces: [] });
  });
});
