// The server's own thread only posts bytes and reads back scores: tfjs and the model load in the moderation
// thread alone (D24), so neither its import nor its scoring holds up a request.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { normaliseImage } from '../../../server/images/normalise-image';
import { createThreadedModerator } from '../../../server/moderation/moderation-thread';
import { readFixture } from './images-fixtures';

it('moderates a photo without loading tfjs into the calling thread', async () => {
  const kitchen = (await normaliseImage(await readFixture('kitchens/kitchen-02-white-island-pexels.jpg')))
    .bytes;
  const moderator = await createThreadedModerator();
  await moderator.ready;
  expect((await moderator.classify({ bytes: kitchen })).isSafe).toBe(true);
  const loadedHere = Object.keys(createRequire(import.meta.url).cache);
  expect(loadedHere.filter((file) => file.includes('@tensorflow'))).toEqual([]);
}, 60_000);
