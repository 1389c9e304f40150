// "Is it a kitchen?" (issue 22, item 4): the moderation thread's COCO detector, whose weights ship in an npm
// package, finds kitchen objects; a photo with none gets a soft warning, never a refusal.
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateImageResponseSchema } from '../../../contract/images';
import { normaliseImage } from '../../../server/images/normalise-image';
import { kitchenCheckOf, locatedKitchenCheckOf } from '../../../server/moderation/kitchen-check';

type Box = [number, number, number, number];

import { createThreadedModerator } from '../../../server/moderation/moderation-thread';
import type { Moderator } from '../../../server/moderation/moderator';
import { kitchenPhoto } from '../../../tooling/made-images';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { describeWithRealPhotos, fixture } from '../../support/real-photos';
import { GenerationClient } from '../generation/generation-client';

/** Sky over a field: the landscape, accepted without a word before. */
const landscape = async () =>
  (
    await normaliseImage(
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#87ceeb' } })
        .composite([
          {
            input: await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#3a7d2c' } })
              .png()
              .toBuffer(),
            top: 500,
            left: 0,
          },
        ])
        .jpeg()
        .toBuffer(),
    )
  ).bytes;

let moderator: Moderator;
beforeAll(async () => {
  moderator = await createThreadedModerator();
  await moderator.ready;
}, 60_000);

describe('the kitchen check', () => {
  it('finds a kitchen object in the renderer’s kitchen and none in a landscape; both stay safe', async () => {
    const kitchen = await moderator.classify({ bytes: (await normaliseImage(await kitchenPhoto())).bytes });
    expect(kitchen.isSafe).toBe(true);
    expect(kitchen.kitchenCheck?.looksLikeKitchen).toBe(true);
    expect(kitchen.kitchenCheck?.found).toContain('sink');

    const outdoors = await moderator.classify({ bytes: await landscape() });
    expect(outdoors).toMatchObject({ isSafe: true, kitchenCheck: { looksLikeKitchen: false, found: [] } });
  }, 60_000);

  it('counts only kitchen appliances, at the threshold or above', () => {
    expect(
      kitchenCheckOf([
        { label: 'dining table', score: 0.9 },
        { label: 'cup', score: 0.8 },
        { label: 'oven', score: 0.1 },
      ]),
    ).toEqual({ looksLikeKitchen: false, found: [] });
    expect(
      kitchenCheckOf([
        { label: 'refrigerator', score: 0.7 },
        { label: 'couch', score: 0.5 },
        { label: 'microwave', score: 0.15 },
      ]),
    ).toEqual({ looksLikeKitchen: true, found: ['refrigerator', 'microwave'] });
  });

  it('locates for the marking tool what it keeps, each label once in the found list', () => {
    const at = (label: string, score: number) => ({ label, score, box: [0.1, 0.2, 0.3, 0.4] as Box });
    expect(
      locatedKitchenCheckOf([
        at('refrigerator', 0.7),
        at('chair', 0.4),
        at('chair', 0.3),
        at('dining table', 0.9),
        at('bottle', 0.1),
        at('sink', 0.18),
      ]),
    ).toEqual({
      looksLikeKitchen: true,
      found: ['refrigerator', 'sink'],
      objects: [
        { label: 'refrigerator', box: [0.1, 0.2, 0.3, 0.4] },
        { label: 'chair', box: [0.1, 0.2, 0.3, 0.4] },
        { label: 'chair', box: [0.1, 0.2, 0.3, 0.4] },
      ],
    });
  });
});

describe('the upload answer', () => {
  const temp = temporaryDir('kr-kitchen-check-');
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(testConfig(temp.dir, { moderation: 'nsfw' }));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    temp.remove();
  });

  it('keeps a photo with no kitchen in it and says so, with no refusal', async () => {
    const client = new GenerationClient(server.origin);
    const answer = validateImageResponseSchema.parse(await client.validate(Buffer.from(await landscape())));
    expect(answer).toMatchObject({ isSafe: true, kitchenCheck: { looksLikeKitchen: false, found: [] } });
    expect(answer.imageId).toEqual(expect.any(String));

    const kitchen = await client.validate();
    expect(kitchen).toMatchObject({ isSafe: true, kitchenCheck: { looksLikeKitchen: true } });
  }, 60_000);

  it('parses an older answer without the check', () => {
    const older = { isSafe: true, imageId: crypto.randomUUID(), width: 4, height: 3 };
    expect(validateImageResponseSchema.parse(older)).toEqual(older);
  });
});

describeWithRealPhotos('the kitchen check on real photos', () => {
  const photosIn = (folder: string) =>
    readdirSync(fixture(folder)).map((name) => ({ name, path: fixture(`${folder}/${name}`) }));
  const check = async (path: string) =>
    (await moderator.classify({ bytes: (await normaliseImage(readFileSync(path))).bytes })).kitchenCheck;

  it('finds a kitchen object in every real kitchen', async () => {
    for (const photo of photosIn('kitchens'))
      expect({ photo: photo.name, looksLikeKitchen: (await check(photo.path))?.looksLikeKitchen }).toEqual({
        photo: photo.name,
        looksLikeKitchen: true,
      });
  }, 120_000);

  it('warns on the living room, the colour chart and the empty room', async () => {
    for (const photo of [...photosIn('not-kitchens'), ...photosIn('empty-rooms')])
      expect({ photo: photo.name, check: await check(photo.path) }).toMatchObject({
        photo: photo.name,
        check: { looksLikeKitchen: false, found: [] },
      });
  }, 120_000);

  it('locates the fridge and the stools of a real kitchen for the marking tool to keep', async () => {
    const objects = (await check(fixture('kitchens/kitchen-02-white-island-pexels.jpg')))?.objects ?? [];
    const fridge = objects.find((object) => object.label === 'refrigerator');
    // The fridge stands left of the middle, from above the counter to the floor (traced at x 0.03-0.21).
    expect(fridge?.box[0]).toBeLessThan(0.1);
    expect(fridge?.box[2]).toBeGreaterThan(0.15);
    expect(fridge?.box[2]).toBeLessThan(0.3);
    expect(objects.filter((object) => object.label === 'chair').length).toBeGreaterThan(0);
    expect(objects.every((object) => object.box.every((edge) => edge >= 0 && edge <= 1))).toBe(true);
  }, 120_000);
});
