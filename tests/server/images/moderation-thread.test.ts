// The server's own thread only posts bytes and reads back scores: tfjs and the model load in the moderation
// thread alone (D24), so neither its import nor its scoring holds up a request.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { createThreadedModerator } from '../../../server/moderation/moderation-thread';
import { normalisedKitchen } from '../../../tooling/made-images';

it('moderates a photo without loading tfjs into the calling thread', async () => {
  const kitchen = await normalisedKitchen();
  const moderator = await createThreadedModerator();
  await moderator.ready;
  expect((await moderator.classify({ bytes: kitchen })).isSafe).toBe(true);
  const loadedHere = Object.keys(createRequire(import.meta.url).cache);
  expect(loadedHere.filter((file) => file.includes('@tensorflow'))).toEqual([]);
}, 60_000);

it('restarts: the moderation in hand fails, and the next one is scored by a new thread', async () => {
  const kitchen = await normalisedKitchen();
  const moderator = await createThreadedModerator();
  const inHand = moderator.classify({ bytes: kitchen });
  moderator.restart?.();
  await expect(inHand).rejects.toThrow(/restarted/);
  expect((await moderator.classify({ bytes: kitchen })).isSafe).toBe(true);
}, 60_000);
