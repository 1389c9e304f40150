// docs/deploy.md's recipe, followed as written: two server processes with the recipe's shared settings (this
// test's PostgreSQL and a random secret in place of the placeholders) and each its own port and data directory.
// One visitor's requests go to either instance, as behind a load balancer without stickiness: the page on one,
// authorisation on the other, the upload on one and the generation on the other; the result and the history are
// the same on both.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../contract/endpoints';
import { generationHistorySchema, jobPaths } from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import { repoRoot } from '../../../tooling/paths';
import { cookieHeader, temporaryDir, writeTestDist } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { authorize, visit } from '../core/session-helpers';
import { GenerationClient, startedJob } from '../generation/generation-client';

/** The `KEY=value` lines of the fenced block that follows `<!-- recipe:<name> -->` in docs/deploy.md. */
function recipe(name: string): Record<string, string> {
  const doc = readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
  const block = doc.split(`<!-- recipe:${name} -->`)[1]?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error(`docs/deploy.md has no recipe:${name} block`);
  return Object.fromEntries(
    block
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const shared = recipe('shared');
const own = recipe('own');
const temp = temporaryDir('kr-deploy-');
let cluster: TestPostgres;
const instances: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
  const distDir = writeTestDist(temp.dir);
  const secret = randomBytes(32).toString('base64url');
  // One after the other: both would migrate at once (safe under the advisory lock, only slower on 2 cores).
  for (const name of ['a', 'b']) {
    instances.push(
      await spawnServer({
        ...shared,
        DATABASE_URL: cluster.url,
        SESSION_SECRET: secret,
        ...own,
        PORT: '0',
        DATA_DIR: path.join(temp.dir, name),
        DIST_DIR: distDir,
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await cluster?.stop();
  temp.remove();
}, 60_000);

describe("docs/deploy.md's recipe", () => {
  it('names only settings the server reads', () => {
    const config = readFileSync(path.join(repoRoot, 'server/config.ts'), 'utf8');
    for (const name of [...Object.keys(shared), ...Object.keys(own)]) expect(config).toContain(`${name}:`);
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SESSION_SECRET', 'IMAGE_STORE']),
    );
  });

  it('makes two instances one product: upload on one, generate on the other, the same result and history on both', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('the instances did not start');

    // The page on A, the app's authorize on B: the reservation A made becomes the guest on B.
    const page = await visit(a.origin);
    const authorized = await authorize(b.origin, page.cookie, page.boot.userId);
    expect(authorized.status).toBe(200);
    const cookie = cookieHeader(authorized) || page.cookie;
    expect((await visit(a.origin, '/create-kitchen/upload-image', cookie)).boot.userId).toBe(
      page.boot.userId,
    );

    const onA = GenerationClient.withSession(a.origin, cookie);
    const onB = onA.on(b.origin);
    const imageId = await onA.uploadMarked();
    const started = await onB.startKitchen({ imageId });
    expect(started.remaining).toBe(4);
    const job = await onA.finished(startedJob(started).id, 60_000);
    expect(job).toMatchObject({ state: 'succeeded', provider: 'local' });

    const pictures = await Promise.all(
      [onA, onB].map((client) => client.request(imageUrl(job.resultImageId ?? ''))),
    );
    expect(pictures.map((picture) => picture.status)).toEqual([200, 200]);
    expect(pictures[0]?.body).toEqual(pictures[1]?.body);
    // A stranger reads nothing on either.
    for (const origin of [a.origin, b.origin]) {
      const stranger = await new GenerationClient(origin).request(imageUrl(job.resultImageId ?? ''));
      expect(stranger.status).toBe(404);
    }

    for (const client of [onA, onB]) {
      const history = await client.request(`${API_PREFIX}${jobPaths.history}`);
      expect(generationHistorySchema.parse(history.body).jobs.map((listed) => listed.id)).toEqual([job.id]);
      expect(history.remaining).toBe(4);
    }
  }, 90_000);
});
