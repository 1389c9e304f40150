// The real server on a real PostgreSQL (DATABASE_URL), as a second deployment would run it: guest sessions and
// authorisation, the catalogue, a photo upload, a generation job to its stored image, and the data kept when
// another instance starts on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { jobPaths } from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import {
  cookieHeader,
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
} from '../../support/server';
import { GenerationClient, startedJob } from '../generation/generation-client';

let cluster: TestPostgres;
let server: RunningServer;
const temp = temporaryDir();
const config = () => testConfig(temp.dir, { databaseUrl: cluster.url, generationLimit: 2 });

beforeAll(async () => {
  cluster = await startPostgres();
  server = await startServer(config());
}, 90_000);

afterAll(async () => {
  await server?.close();
  await cluster?.stop();
  temp.remove();
});

describe('the server on PostgreSQL', () => {
  it('creates a guest, authorises it, and refuses another user id', async () => {
    const first = await fetch(`${server.origin}${API_PREFIX}${jobPaths.history}`);
    const cookie = cookieHeader(first);
    expect(cookie).toContain('kr_session=');
    const authorize = (userId: number) =>
      fetch(`${server.origin}${API_PREFIX}${actionPaths.authorizeUser}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
    const mine = await authorize(1);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ userId: 1, generationsRemaining: 2 });
    expect((await authorize(2)).status).toBe(403);
  });

  it('uploads a real photo and generates a kitchen, charging one generation', async () => {
    const client = new GenerationClient(server.origin);
    const imageId = await client.upload();
    const answer = await client.startKitchen({ imageId });
    expect(answer.remaining).toBe(1);
    const job = await client.finished(startedJob(answer).id);
    expect(job).toMatchObject({ state: 'succeeded', provider: 'local' });
    const image = await client.request(imageUrl(job.resultImageId ?? ''));
    expect(image.status).toBe(200);
  }, 60_000);

  it('keeps users and jobs for a second instance on the same database', async () => {
    const client = new GenerationClient(server.origin);
    const imageId = await client.upload();
    const job = await client.finished(startedJob(await client.startKitchen({ imageId })).id);
    const second = await startServer(config());
    try {
      expect(await client.on(second.origin).job(job.id)).toMatchObject({ id: job.id, state: 'succeeded' });
    } finally {
      await second.close();
    }
  }, 60_000);
});
