// The real server on a real PostgreSQL (DATABASE_URL), as a second deployment would run it: guest sessions and
// authorisation, the catalogue, a photo upload, a generation job to its stored image, and the data kept when
// another instance starts on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../contract/images';
import { openPostgres } from '../../../server/db/postgres';
import {
  cookieHeader,
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
  writeTestDist,
} from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { authorize, visit } from '../core/session-helpers';
import { GenerationClient, startedJob } from '../generation/generation-client';

let cluster: TestPostgres;
let server: RunningServer;
const temp = temporaryDir();
const distDir = writeTestDist(temp.dir);
const config = () => testConfig(temp.dir, { databaseUrl: cluster.url, generationLimit: 2, distDir });

beforeAll(async () => {
  cluster = await startPostgres();
  server = await startServer(config());
}, 90_000);

/** All users and the sessions of `userId`, read through a connection of the test's own. */
async function countRows(userId: number): Promise<{ users: number; sessions: number }> {
  const db = await openPostgres(cluster.url);
  try {
    const [row] = await db.query<{ users: number; sessions: number }>(
      `SELECT (SELECT count(*)::integer FROM users) AS users,
        (SELECT count(*)::integer FROM sessions WHERE user_id = $1) AS sessions`,
      [userId],
    );
    return row ?? { users: -1, sessions: -1 };
  } finally {
    await db.close();
  }
}

afterAll(async () => {
  await server?.close();
  await cluster?.stop();
  temp.remove();
});

describe('the server on PostgreSQL', () => {
  it('creates a guest at its first request after the page, authorises it, and refuses another user id', async () => {
    const page = await visit(server.origin);
    const mine = await authorize(server.origin, page.cookie, page.boot.userId);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ userId: page.boot.userId, generationsRemaining: 2 });
    const cookie = cookieHeader(mine);
    expect(cookie).toMatch(/^kr_session=s\./);
    expect((await authorize(server.origin, cookie, page.boot.userId + 1)).status).toBe(403);
  });

  it('turns 50 concurrent requests with one reservation, spread over two instances, into one user', async () => {
    const second = await startServer(config());
    try {
      const page = await visit(server.origin);
      const before = await countRows(page.boot.userId);
      const origins = Array.from({ length: 50 }, (_, i) => (i % 2 ? second.origin : server.origin));
      const answers = await Promise.all(
        origins.map((origin) => authorize(origin, page.cookie, page.boot.userId)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map(cookieHeader)).size).toBe(1);
      expect(await countRows(page.boot.userId)).toEqual({ users: before.users + 1, sessions: 1 });
    } finally {
      await second.close();
    }
  }, 60_000);

  it('uploads a real photo and generates a kitchen, charging one generation', async () => {
    const client = new GenerationClient(server.origin);
    const imageId = await client.uploadMarked();
    const answer = await client.startKitchen({ imageId });
    expect(answer.remaining).toBe(1);
    const job = await client.finished(startedJob(answer).id);
    expect(job).toMatchObject({ state: 'succeeded', provider: 'local' });
    const image = await client.request(imageUrl(job.resultImageId ?? ''));
    expect(image.status).toBe(200);
  }, 60_000);

  it('keeps users and jobs for a second instance on the same database', async () => {
    const client = new GenerationClient(server.origin);
    const imageId = await client.uploadMarked();
    const job = await client.finished(startedJob(await client.startKitchen({ imageId })).id);
    const second = await startServer(config());
    try {
      expect(await client.on(second.origin).job(job.id)).toMatchObject({ id: job.id, state: 'succeeded' });
    } finally {
      await second.close();
    }
  }, 60_000);
});
