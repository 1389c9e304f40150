// One suite, every image backend (disk, database on PGlite and on PostgreSQL, S3 on s3rver): the store's
// contract, expiry and the sweep counted in rows and bytes, the cap under concurrent uploads, and the real
// route's answers through the real server.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { IMAGE_UPLOAD_FIELD, imageUrl } from '../../../contract/images';
import { byteKey } from '../../../server/images/store/byte-backend';
import { CHUNK_BYTES } from '../../../server/images/store/database-bytes';
import { type ImageStorage, openImageStorage } from '../../../server/images/store/open-image-storage';
import { StorageLimitReachedError } from '../../../server/images/store/storage-limit';
import { sweepImages } from '../../../server/images/store/sweeper';
import { kitchenPhoto } from '../../../tooling/made-images';
import { type RunningServer, startServer, testConfig } from '../../../tooling/server';
import { GenerationClient } from '../generation/generation-client';
import { type BackendFixture, backendCases, createUsers } from './store-backends';

const meta = { contentType: 'image/jpeg', width: 4, height: 3 } as const;
const MB = 1024 * 1024;

describe.each(backendCases)('images on $name', (backendCase) => {
  let fixture: BackendFixture;
  let storage: ImageStorage;
  let owner: number;
  let other: number;

  const open = (perUserMb = 200) =>
    openImageStorage(
      { databaseUrl: undefined, ...fixture.config, imageRetentionDays: 30, imageStoragePerUserMb: perUserMb },
      fixture.db,
    );
  const countRows = async (ownerId: number) =>
    Number(
      (
        await fixture.db.query<{ n: number }>('SELECT count(*) AS n FROM images WHERE owner_id = $1', [
          ownerId,
        ])
      )[0]?.n,
    );
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of storage.bytes.keysWrittenBefore(new Date(Date.now() + 60_000))) keys.push(key);
    return keys;
  };
  const countKeys = async (ownerId: number) =>
    (await storedKeys()).filter((key) => key.startsWith(`${ownerId}/`)).length;
  const expire = (id: string) =>
    fixture.db.query("UPDATE images SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);

  beforeAll(async () => {
    fixture = await backendCase.open();
    storage = await open();
    [owner = 0, other = 0] = await createUsers(fixture.db, 2);
  }, 90_000);
  afterAll(() => fixture?.close());

  it('gives back what was put, under a random uuid, to its owner, whole and streamed', async () => {
    // More than two database chunks, so a streamed read crosses chunk boundaries.
    const bytes = randomBytes(2 * CHUNK_BYTES + 1234);
    const id = await storage.store.put(owner, bytes, meta);
    const second = await storage.store.put(owner, bytes, meta);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(id);
    expect(await storage.store.get(owner, id)).toEqual({ id, ...meta, bytes });
    const opened = await storage.store.open(owner, id);
    expect(opened?.byteSize).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.store.has(owner, id)).toBe(true);
  });

  it("reads another user's image as not found, and does not let them delete it", async () => {
    const id = await storage.store.put(owner, Buffer.from('mine'), meta);
    expect(await storage.store.get(other, id)).toBeUndefined();
    expect(await storage.store.open(other, id)).toBeUndefined();
    expect(await storage.store.has(other, id)).toBe(false);
    expect(await storage.store.delete(other, id)).toBe(false);
    expect(await storage.store.has(owner, id)).toBe(true);
  });

  it.each(['../1/x', '..', '', 'not-a-uuid', '00000000-0000-4000-8000-00000000000G', randomUUID()])(
    'treats the id %j as not found',
    async (id) => {
      expect(await storage.store.get(owner, id)).toBeUndefined();
      expect(await storage.store.has(owner, id)).toBe(false);
      expect(await storage.store.delete(owner, id)).toBe(false);
    },
  );

  it('deletes an image for good: its row and its bytes', async () => {
    const [user = 0] = await createUsers(fixture.db, 1);
    const id = await storage.store.put(user, Buffer.from('mine'), meta);
    expect([await countRows(user), await countKeys(user)]).toEqual([1, 1]);
    expect(await storage.store.delete(user, id)).toBe(true);
    expect([await countRows(user), await countKeys(user)]).toEqual([0, 0]);
    expect(await storage.store.get(user, id)).toBeUndefined();
    expect(await storage.store.delete(user, id)).toBe(false);
  });

  it('reads an expired image as not found at once; the sweep then removes its row and bytes only', async () => {
    const [user = 0] = await createUsers(fixture.db, 1);
    const expired = await storage.store.put(user, Buffer.from('old'), meta);
    const kept = await storage.store.put(user, Buffer.from('new'), meta);
    await expire(expired);
    expect(await storage.store.get(user, expired)).toBeUndefined();
    expect(await storage.store.has(user, expired)).toBe(false);
    expect(await storage.store.delete(user, expired)).toBe(false);
    expect([await countRows(user), await countKeys(user)]).toEqual([2, 2]);

    // Two instances sweeping at once: each step is idempotent, and together they remove it once.
    const [first, second] = await Promise.all([storage.sweep(), storage.sweep()]);
    expect((first?.images ?? 0) + (second?.images ?? 0)).toBeGreaterThanOrEqual(1);
    expect([await countRows(user), await countKeys(user)]).toEqual([1, 1]);
    expect((await storage.store.get(user, kept))?.bytes.toString()).toBe('new');
  });

  it('sweeps bytes no row names once they are past the grace period, and leaves younger ones', async () => {
    const [user = 0] = await createUsers(fixture.db, 1);
    const kept = await storage.store.put(user, Buffer.from('named'), meta);
    // As a crash between writing the bytes and their row would leave them.
    const orphan = byteKey(user, randomUUID());
    await storage.bytes.write(orphan, Buffer.from('orphan'));
    const sweep = (orphanGraceMs?: number) =>
      sweepImages({ db: fixture.db, bytes: storage.bytes, retentionDays: 30, orphanGraceMs });

    await sweep();
    expect(await countKeys(user)).toBe(2);
    // A cut-off in the future counts every key as old enough.
    const counts = await sweep(-60_000);
    expect(counts.orphans).toBeGreaterThanOrEqual(1);
    expect((await storedKeys()).filter((key) => key.startsWith(`${user}/`))).toEqual([byteKey(user, kept)]);
    expect(await storage.store.has(user, kept)).toBe(true);
  });

  it('sweeps ended jobs past retention or whose result is gone, and keeps the rest', async () => {
    const [user = 0] = await createUsers(fixture.db, 1);
    const live = await storage.store.put(user, Buffer.from('result'), { ...meta, kind: 'kitchen' });
    const gone = await storage.store.put(user, Buffer.from('result'), { ...meta, kind: 'kitchen' });
    await expire(gone);
    const job = async (state: string, daysOld: number, resultImageId: string | null) => {
      const id = randomUUID();
      await fixture.db.query(
        `INSERT INTO generation_jobs (id, user_id, kind, state, request, result_image_id, provider, created_at, updated_at)
         VALUES ($1, $2, 'kitchen', $3, '{}', $4, 'local', now() - $5::integer * interval '1 day',
                 now() - $5::integer * interval '1 day')`,
        [id, user, state, resultImageId, daysOld],
      );
      return id;
    };
    const kept = [
      await job('succeeded', 1, live),
      await job('failed', 29, null),
      await job('rendering', 40, null),
    ];
    const swept = [
      await job('succeeded', 31, live),
      await job('cancelled', 31, null),
      await job('succeeded', 1, gone),
    ];
    await storage.sweep();
    const left = await fixture.db.query<{ id: string }>('SELECT id FROM generation_jobs WHERE user_id = $1', [
      user,
    ]);
    expect(left.map((row) => row.id).sort()).toEqual([...kept].sort());
    expect(swept.every((id) => !left.some((row) => row.id === id))).toBe(true);
  });

  it('refuses uploads past the cap even when dozens arrive at once, and results past it too', async () => {
    const [user = 0] = await createUsers(fixture.db, 1);
    const capped = await open(0.1); // 104,857 bytes
    const size = 10_000;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        capped.store.put(user, randomBytes(size), { ...meta, kind: 'upload' }),
      ),
    );
    const stored = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof StorageLimitReachedError,
    ).length;
    expect([stored, refused]).toEqual([10, 20]);
    // Refused uploads leave neither a row nor bytes.
    expect([await countRows(user), await countKeys(user)]).toEqual([10, 10]);

    // Everything a visitor causes to be stored counts (issue 34, point 2): a result too.
    for (const kind of ['kitchen', 'empty_room', 'upload'] as const) {
      await expect(capped.store.put(user, randomBytes(size), { ...meta, kind })).rejects.toMatchObject({
        statusCode: 413,
        code: 'STORAGE_LIMIT_REACHED',
      });
    }
    expect([await countRows(user), await countKeys(user)]).toEqual([10, 10]);
  });

  describe('through the real server', () => {
    let server: RunningServer;
    const start = (perUserMb = 200) =>
      startServer(
        testConfig(fixture.config.dataDir, {
          ...fixture.config,
          imageStoragePerUserMb: perUserMb,
          // Room for every upload the cap test sends at once: only the cap may refuse them.
          imagePool: { queueMax: 16 },
        }),
        fixture.sharedDatabase ? {} : { db: fixture.db },
      );
    beforeAll(async () => {
      server = await start();
    });
    afterAll(() => server?.close());

    it("serves an upload to its owner, cached privately and revalidated; another user's session reads 404", async () => {
      const alice = new GenerationClient(server.origin);
      const id = await alice.upload();
      const mine = await alice.request(imageUrl(id));
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-cache');
      expect(mine.headers.get('content-type')).toBe('image/jpeg');
      expect(Number(mine.headers.get('content-length'))).toBe((mine.body as Buffer).length);
      expect((mine.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      const bob = new GenerationClient(server.origin);
      await bob.request(imageUrl(randomUUID()));
      const theirs = await bob.request(imageUrl(id));
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    });

    it('answers uploads past the cap with 413 STORAGE_LIMIT_REACHED, however many arrive at once', async () => {
      const capped = await start(0.5);
      try {
        const client = new GenerationClient(capped.origin);
        const photo = await kitchenPhoto();
        const post = () => {
          const form = new FormData();
          form.set(IMAGE_UPLOAD_FIELD, new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
          return client.request(`${API_PREFIX}${actionPaths.validateImageContent}`, {
            method: 'POST',
            body: form,
          });
        };
        const first = await post(); // also gives the client its session
        expect(first.status).toBe(200);
        const { imageId } = first.body as { imageId: string };
        const size = Number((await client.request(imageUrl(imageId))).headers.get('content-length'));
        const answers = [first, ...(await Promise.all(Array.from({ length: 12 }, post)))];
        const stored = answers.filter((answer) => answer.status === 200).length;
        const refused = answers.filter((answer) => answer.status === 413);
        expect(stored).toBe(Math.floor((0.5 * MB) / size));
        expect(stored + refused.length).toBe(answers.length);
        expect(refused[0]?.body).toMatchObject({
          code: 'STORAGE_LIMIT_REACHED',
          message: expect.stringContaining('30 days'),
        });
      } finally {
        await capped.close();
      }
    });
  });
});
