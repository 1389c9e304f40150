// The moderation thread's work per photo (photo-scoring.ts): the nsfw scores and the kitchen check, run side by
// side, come out as the two models give them one after the other.
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { normaliseImage } from '../../../server/images/normalise-image';
import { locateObjects } from '../../../server/moderation/coco-detector';
import { KITCHEN_OBJECT_MIN_SCORE, locatedKitchenCheckOf } from '../../../server/moderation/kitchen-check';
import { scoreImage } from '../../../server/moderation/nsfw-moderator';
import { createPhotoScorer, type PhotoScorer } from '../../../server/moderation/photo-scoring';
import { kitchenPhoto } from '../../../tooling/made-images';

let scorer: PhotoScorer;
beforeAll(async () => {
  scorer = createPhotoScorer();
  await scorer.ready;
}, 60_000);

it('gives the scores and the check each model gives alone, for photos scored one at a time and at once', async () => {
  const kitchen = (await normaliseImage(await kitchenPhoto())).bytes;
  const wall = (
    await normaliseImage(
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9d4cc' } })
        .jpeg()
        .toBuffer(),
    )
  ).bytes;
  const alone = async (bytes: Uint8Array) => ({
    scores: await scoreImage({ bytes }),
    kitchenCheck: locatedKitchenCheckOf(await locateObjects(bytes, KITCHEN_OBJECT_MIN_SCORE)),
  });
  const expected = [await alone(kitchen), await alone(wall)];
  expect(expected[0]?.kitchenCheck.looksLikeKitchen).toBe(true);
  expect(expected[1]?.kitchenCheck.looksLikeKitchen).toBe(false);

  expect([await scorer.score(kitchen), await scorer.score(wall)]).toEqual(expected);
  // Two uploads in hand at once interleave their models' turns on the one WASM backend.
  expect(await Promise.all([scorer.score(kitchen), scorer.score(wall)])).toEqual(expected);
}, 60_000);
