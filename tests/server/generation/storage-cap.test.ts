// Issue 34, point 2: everything a visitor causes to be stored counts against their cap, and free empty rooms
// store nothing new. Through the real server, on PGlite and on two instances over PostgreSQL.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { IMAGE_UPLOAD_FIELD } from '../../../contract/images';
import { knownKitchen } from '../../../tooling/known-kitchens';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { GenerationClient, startedJob } from './generation-client';

const CAP_MB = 0.6;

/** The bytes and rows the owner has stored, as the cap counts them. */
async function storedOf(db: Deployment['db'], ownerId: number) {
  const [row] = await db.query<{ images: number; bytes: string | number }>(
    `SELECT count(*)::integer AS images, COALESCE(SUM(byte_size), 0) AS bytes FROM images
     WHERE owner_id = $1 AND kind IS DISTINCT FROM 'share_preview'`,
    [ownerId],
  );
  return { images: row?.images ?? -1, bytes: Number(row?.bytes ?? -1) };
}

async function ownerOfImage(db: Deployment['db'], imageId: string): Promise<number> {
  const [row] = await db.query<{ owner: number }>('SELECT owner_id AS owner FROM images WHERE id = $1', [
    imageId,
  ]);
  if (!row) throw new Error('the upload is stored');
  return row.owner;
}

describe.each(deploymentCases)('the storage cap on $name', (deploymentCase) => {
  let deployment: Deployment;
  let kitchen: Awaited<ReturnType<typeof knownKitchen>>;
  let photo: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    deployment = await deploymentCase.start({ imageStoragePerUserMb: CAP_MB });
    kitchen = await knownKitchen({ width: 900 });
    photo = new Uint8Array(await sharp(kitchen.picture.bytes).jpeg({ quality: 92 }).toBuffer());
  }, 90_000);
  afterAll(() => deployment?.close());

  const visitor = (index = 0) =>
    new GenerationClient(deployment.origins[index % deployment.origins.length] ?? '');

  it('stores nothing new for empty rooms of one photo, however often they are asked for', async () => {
    const guest = visitor();
    const imageId = await guest.upload(photo);
    const owner = await ownerOfImage(deployment.db, imageId);
    const before = await storedOf(deployment.db, owner);
    for (let round = 0; round < 6; round += 1) {
      // Alternating instances: the second reads the photo through the shared database.
      const room = await guest
        .on(visitor(round).origin)
        .finished(startedJob(await guest.startEmptyRoom(imageId)).id);
      expect(room).toMatchObject({ state: 'succeeded', resultImageId: imageId });
    }
    expect(await storedOf(deployment.db, owner)).toEqual(before);
  }, 60_000);

  it('counts a kitchen’s result: one that would pass the cap fails, refunded, and nothing is stored past it', async () => {
    const guest = visitor();
    const imageId = await guest.upload(photo);
    await guest.markSurfaces(imageId, kitchen.masks);
    const owner = await ownerOfImage(deployment.db, imageId);
    // Fill the rest with photos until the cap refuses one.
    for (;;) {
      const form = new FormData();
      form.set(IMAGE_UPLOAD_FIELD, new Blob([photo]), 'photo.jpg');
      const answer = await guest.request(`${API_PREFIX}${actionPaths.validateImageContent}`, {
        method: 'POST',
        body: form,
      });
      if (answer.status === 200) continue;
      expect(apiErrorSchema.parse(answer.body).code).toBe('STORAGE_LIMIT_REACHED');
      break;
    }
    const full = await storedOf(deployment.db, owner);
    const remaining = await guest.remaining();

    const made = await guest.finished(startedJob(await guest.startKitchen({ imageId })).id);
    expect(made.state).toBe('failed');
    expect(made.error).toMatch(/filled your .* MB of storage/);
    expect(await guest.remaining()).toBe(remaining);
    // Empty rooms after the cap store nothing either.
    const room = await guest.finished(startedJob(await guest.startEmptyRoom(imageId)).id);
    expect(room.resultImageId).toBe(imageId);
    const after = await storedOf(deployment.db, owner);
    expect(after).toEqual(full);
    expect(after.bytes).toBeLessThanOrEqual(CAP_MB * 1024 * 1024);
  }, 90_000);
});
