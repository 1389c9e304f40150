// Issue 34, point 9: offline, no unit is spent on a picture the visitor already has. An unmarked photo's kitchen
// is the photo as it is; a change of layout or island alone leaves the photo result byte for byte the same
// (only the free layout sketch differs). Through the real server, on PGlite and on two PostgreSQL instances.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../contract/images';
import { catalogueFront, knownKitchen } from '../../../tooling/known-kitchens';
import { type Deployment, deploymentCases } from '../../support/deployments';
import { CHOICES, GenerationClient, startedJob } from './generation-client';

const LIMIT = 5;

describe.each(deploymentCases)('units offline on $name', (deploymentCase) => {
  let deployment: Deployment;
  let kitchen: Awaited<ReturnType<typeof knownKitchen>>;
  let photo: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    deployment = await deploymentCase.start({ generationLimit: LIMIT });
    kitchen = await knownKitchen({ width: 600 });
    photo = new Uint8Array(await sharp(kitchen.picture.bytes).jpeg({ quality: 92 }).toBuffer());
  }, 90_000);
  afterAll(() => deployment?.close());

  const visitor = () => new GenerationClient(deployment.origins[0] ?? '');

  async function picture(client: GenerationClient, id: string | null): Promise<Buffer> {
    const answer = await client.request(imageUrl(id ?? ''));
    expect(answer.status).toBe(200);
    return answer.body as Buffer;
  }

  it('charges nothing for unmarked photos, whose kitchen is the photo as it is', async () => {
    const guest = visitor();
    for (let round = 0; round < LIMIT + 1; round += 1) {
      const imageId = await guest.upload(photo);
      const answer = await guest.startKitchen({ imageId });
      expect(answer.remaining).toBe(LIMIT);
      const made = await guest.finished(startedJob(answer).id);
      expect(made.state).toBe('succeeded');
      expect(made.resultNote).toMatch(/Nothing was marked/);
      expect((await picture(guest, made.resultImageId)).equals(await picture(guest, imageId))).toBe(true);
    }
    expect(await guest.remaining()).toBe(LIMIT);
  }, 90_000);

  it('charges a marked kitchen once, not again for a change of layout or island alone', async () => {
    const guest = visitor();
    const imageId = await guest.upload(photo);
    await guest.markSurfaces(imageId, kitchen.masks);
    const first = startedJob(await guest.startKitchen({ imageId }));
    const made = await guest.finished(first.id);
    expect(await guest.remaining()).toBe(LIMIT - 1);

    const other = { shape: 'galley', hasIsland: !CHOICES.hasIsland } as const;
    const answer = await guest.startKitchen({ imageId, ...other });
    expect(answer.remaining).toBe(LIMIT - 1);
    const relaid = await guest.finished(startedJob(answer).id);
    expect(relaid).toMatchObject({ state: 'succeeded' });
    expect(relaid.id).not.toBe(made.id);
    expect(relaid.layoutSketchUrl).not.toBe(made.layoutSketchUrl);
    const [before, after] = await Promise.all([
      picture(guest, made.resultImageId),
      picture(guest, relaid.resultImageId),
    ]);
    expect(after.equals(before)).toBe(true);

    // Another front is another picture: charged.
    const navy = catalogueFront('Shaker', 'Matt', 'Navy');
    expect(navy.id).not.toBe(CHOICES.frontalId);
    const recoloured = await guest.startKitchen({ imageId, frontalId: navy.id });
    expect(recoloured.remaining).toBe(LIMIT - 2);
    await guest.finished(startedJob(recoloured).id);
  }, 90_000);
});
