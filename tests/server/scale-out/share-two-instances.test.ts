// Share links on two server processes sharing only one PostgreSQL (images in the database, separate data
// directories): a link made on one is served on the other, its preview made by whichever is asked first, and a
// revoke on one answers 404 on both at once; a burst of new links across both keeps to the limit per kitchen.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/postgres';
import { LIVE_LINKS_PER_KITCHEN } from '../../../server/sharing/share-store';
import { temporaryDir } from '../../../tooling/server';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { GenerationClient } from '../generation/generation-client';
import { finishedKitchen, postShare, revoke, shareOf, stranger } from '../sharing/share-client';

const temp = temporaryDir('kr-share-');
let cluster: TestPostgres;
const instances: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
  // One after the other: both would migrate at once (safe under the advisory lock, only slower on 2 cores).
  for (const name of ['a', 'b']) {
    instances.push(
      await spawnServer({
        DATABASE_URL: cluster.url,
        SESSION_SECRET: 'share-two-instances-secret-0123456789abcdef',
        DATA_DIR: path.join(temp.dir, name),
        DIST_DIR: path.join(temp.dir, 'no-dist'),
        MODERATION: 'rule',
        RATE_LIMIT_MAX: '1000',
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await cluster?.stop();
  temp.remove();
});

describe('a share link on two instances', () => {
  it('made on one is served on the other, and revoked on the other is gone from both', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances started');
    const owner = new GenerationClient(a.origin);
    const { jobId } = await finishedKitchen(owner);
    const { path: page, share } = await shareOf(owner, jobId, true);

    for (const suffix of ['', '/kitchen', '/before', '/spec-sheet']) {
      expect((await stranger(b.origin, `${page}${suffix}`)).status, suffix).toBe(200);
    }
    // Crawlers on both instances at once: both answer the same one preview.
    const previews = await Promise.all(
      [a, b, a, b, a, b].map((instance) => stranger(instance.origin, `${page}/og.jpg`)),
    );
    expect(previews.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const first = previews[0]?.bytes;
    expect(await sharp(first).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // Whichever instances made one, a single preview is kept: the others deleted theirs.
    const db = await openPostgres(cluster.url);
    try {
      const kept = await db.query(
        `SELECT images.id FROM images JOIN share_links ON share_links.owner_id = images.owner_id
          WHERE share_links.id = $1 AND images.width = 1200 AND images.height = 630`,
        [share.id],
      );
      expect(kept).toHaveLength(1);
    } finally {
      await db.close();
    }

    expect((await revoke(owner.on(b.origin), share.id)).status).toBe(200);
    for (const instance of [a, b]) {
      expect((await stranger(instance.origin, page)).status).toBe(404);
      expect((await stranger(instance.origin, `${page}/og.jpg`)).status).toBe(404);
    }
  });

  it('keeps to the live-link limit per kitchen when both instances are asked at once', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('two instances started');
    const owner = new GenerationClient(a.origin);
    const { jobId } = await finishedKitchen(owner);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => postShare(owner.on((index % 2 ? b : a).origin), jobId)),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(LIVE_LINKS_PER_KITCHEN);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(40 - LIVE_LINKS_PER_KITCHEN);
  });
});
