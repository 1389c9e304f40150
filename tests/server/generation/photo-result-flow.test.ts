// The photo result through the real server (issue 22): PGlite, the image pool's threads, the default `local`
// provider. Surfaces are marked through the mask route into the real mask store, as the marking tool does.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../contract/endpoints';
import { jobPaths, jobResponseSchema } from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import type { Database } from '../../../server/db/database';
import { CONCEPT_WIDTH } from '../../../server/generation/render/render-concept';
import { UNMARKED_PHOTO_NOTE } from '../../../server/jobs/result-fields';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { catalogueFront, knownKitchen } from '../../../tooling/known-kitchens';
import type { KitchenWithMasks } from '../../../tooling/known-masks';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { clearOfMasks, medianColour, surfacePixels } from '../photo/photo-pixels';
import { ciede2000, hexToRgb } from '../render/pixels';
import { type Answer, GenerationClient, jobPath, startedJob } from './generation-client';

const LIMIT = 5;
const navy = catalogueFront('Shaker', 'Matt', 'Navy');

let db: Database;
let server: RunningServer;
const temp = temporaryDir();
let photo: Buffer<ArrayBuffer>;
let masks: KitchenWithMasks['masks'];

beforeAll(async () => {
  db = await openMigratedPglite();
  server = await startServer(testConfig(temp.dir, { generationLimit: LIMIT }), { db });
  const kitchen = await knownKitchen({ width: 1200 });
  photo = Buffer.from(await sharp(kitchen.picture.bytes).jpeg({ quality: 95 }).toBuffer());
  masks = kitchen.masks;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  temp.remove();
});

const decoded = async (bytes: Buffer) =>
  sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });

async function picture(client: GenerationClient, id: string | null | undefined): Promise<Buffer> {
  const answer = await client.request(imageUrl(id ?? ''));
  expect(answer.status).toBe(200);
  return answer.body as Buffer;
}

const jobOf = (answer: Answer) => jobResponseSchema.parse(answer.body).job;

describe('a kitchen from a marked photo, offline', () => {
  it('is the photo at its size with the fronts in the chosen colour and the room untouched', async () => {
    const visitor = new GenerationClient(server.origin);
    const imageId = await visitor.upload(photo);
    await visitor.markSurfaces(imageId, masks);
    const job = await visitor.finished(
      startedJob(await visitor.startKitchen({ imageId, frontalId: navy.id })).id,
    );
    expect(job).toMatchObject({ state: 'succeeded', provider: 'local', resultNote: null });

    const [stored, result] = await Promise.all([
      picture(visitor, imageId).then(decoded),
      picture(visitor, job.resultImageId).then(decoded),
    ]);
    expect([result.info.width, result.info.height]).toEqual([1200, 900]);
    const fronts = surfacePixels(masks.planes.fronts);
    expect(ciede2000(medianColour(stored.data, fronts), hexToRgb(navy.hex))).toBeGreaterThan(20);
    expect(ciede2000(medianColour(result.data, fronts), hexToRgb(navy.hex))).toBeLessThan(8);
    // Outside the masks only the JPEG encoding of the result differs from the stored photo.
    const clear = clearOfMasks(masks, 2);
    let difference = 0;
    let count = 0;
    clear.forEach((isClear, pixel) => {
      if (!isClear) return;
      count += 1;
      for (let channel = 0; channel < 3; channel += 1)
        difference += Math.abs(
          (result.data[pixel * 3 + channel] ?? 0) - (stored.data[pixel * 3 + channel] ?? 0),
        );
    });
    expect(difference / (count * 3)).toBeLessThan(1.5);
  });

  it('answers "generate again" with the same picture, charging nothing; other masks make a new one, charged', async () => {
    const visitor = new GenerationClient(server.origin);
    const imageId = await visitor.upload(photo);
    await visitor.markSurfaces(imageId, masks);
    const first = await visitor.startKitchen({ imageId, frontalId: navy.id });
    const made = await visitor.finished(startedJob(first).id);
    expect(first.remaining).toBe(LIMIT - 1);

    const again = await visitor.startKitchen({ imageId, frontalId: navy.id });
    expect(again.status).toBe(200);
    expect(again.remaining).toBe(LIMIT - 1);
    expect(jobOf(again)).toMatchObject({
      id: made.id,
      state: 'succeeded',
      resultImageId: made.resultImageId,
    });
    expect(await visitor.remaining()).toBe(LIMIT - 1);

    // The visitor marks again (the worktop left out): a different picture, made and charged.
    await visitor.markSurfaces(imageId, { ...masks, planes: { fronts: masks.planes.fronts } });
    const remarked = await visitor.startKitchen({ imageId, frontalId: navy.id });
    const next = await visitor.finished(startedJob(remarked).id);
    expect(remarked.remaining).toBe(LIMIT - 2);
    expect(next.id).not.toBe(made.id);
    expect(
      (await picture(visitor, next.resultImageId)).equals(await picture(visitor, made.resultImageId)),
    ).toBe(false);
  });

  it('shows the layout and island as a labelled sketch beside it, to its owner only', async () => {
    const visitor = new GenerationClient(server.origin);
    const imageId = await visitor.upload(photo);
    await visitor.markSurfaces(imageId, masks);
    const job = await visitor.finished(
      startedJob(await visitor.startKitchen({ imageId, frontalId: navy.id })).id,
    );
    expect(job.layoutSketchUrl).toBe(`${API_PREFIX}${jobPaths.layoutSketch.replace(':id', job.id)}`);
    const sketch = await visitor.request(job.layoutSketchUrl ?? '');
    expect(sketch.status).toBe(200);
    expect(sketch.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(sketch.body as Buffer).metadata()).toMatchObject({
      format: 'jpeg',
      width: CONCEPT_WIDTH,
    });
    // Labelled across its top (a dark band with the words) where the drawing has a light ceiling.
    const band = await sharp(sketch.body as Buffer)
      .extract({ left: 0, top: 0, width: CONCEPT_WIDTH, height: 40 })
      .toBuffer();
    const { channels } = await sharp(band).stats();
    expect(channels.slice(0, 3).reduce((sum, channel) => sum + channel.mean, 0) / 3).toBeLessThan(110);
    expect((await new GenerationClient(server.origin).request(job.layoutSketchUrl ?? '')).status).toBe(404);
    const history = await visitor.request(`${API_PREFIX}${jobPaths.history}`);
    expect((history.body as { jobs: { id: string; layoutSketchUrl?: string }[] }).jobs).toContainEqual(
      expect.objectContaining({ id: job.id, layoutSketchUrl: job.layoutSketchUrl }),
    );
  });
});

describe('a kitchen from a photo with nothing marked, offline', () => {
  it('is the photo as it is, with a note that marking would recolour it', async () => {
    const visitor = new GenerationClient(server.origin);
    const imageId = await visitor.upload(photo);
    const job = await visitor.finished(startedJob(await visitor.startKitchen({ imageId })).id);
    expect(job).toMatchObject({ state: 'succeeded', resultNote: UNMARKED_PHOTO_NOTE });
    expect(job.layoutSketchUrl).toBe(jobPath(jobPaths.layoutSketch, job.id));
    expect((await picture(visitor, job.resultImageId)).equals(await picture(visitor, imageId))).toBe(true);
  });
});
