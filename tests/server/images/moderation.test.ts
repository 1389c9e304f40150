import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseImage } from '../../../server/images/normalise-image';
import { createThreadedModerator } from '../../../server/moderation/moderation-thread';
import { createNsfwModerator } from '../../../server/moderation/nsfw-moderator';
import { createRuleModerator, mostlyMagenta, sha256In } from '../../../server/moderation/rule-moderator';
import { normalisedKitchen } from '../../../tooling/made-images';

const flat = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

let kitchen: Buffer;
beforeAll(async () => {
  kitchen = await normalisedKitchen({ width: 1920, height: 1280 });
});

describe('the rule moderator', () => {
  it('rejects a magenta picture every time, and passes a kitchen', async () => {
    const moderator = createRuleModerator(mostlyMagenta);
    await moderator.ready;
    const magenta = (await normaliseImage(await flat('#ff00ff'))).bytes;
    const verdicts = await Promise.all([1, 2, 3].map(() => moderator.classify({ bytes: magenta })));
    expect(verdicts.map((verdict) => verdict.isSafe)).toEqual([false, false, false]);
    expect(await moderator.classify({ bytes: kitchen })).toEqual({ isSafe: true, scores: { rule: 0 } });
    expect((await moderator.classify({ bytes: await flat('#c000c0') })).isSafe).toBe(true);
  });

  it('rejects exactly the images whose SHA-256 is listed', async () => {
    const other = await flat('#336699');
    const moderator = createRuleModerator(
      sha256In([createHash('sha256').update(other).digest('hex').toUpperCase()]),
    );
    expect((await moderator.classify({ bytes: other })).isSafe).toBe(false);
    expect((await moderator.classify({ bytes: kitchen })).isSafe).toBe(true);
  });
});

describe('the nsfw moderator', () => {
  it('scores all five classes and applies its threshold to Porn + Hentai + Sexy', async () => {
    const strict = createNsfwModerator({ threshold: 0.000_001 });
    const lenient = createNsfwModerator();
    await Promise.all([strict.ready, lenient.ready]);
    const [strictVerdict, lenientVerdict] = await Promise.all([
      strict.classify({ bytes: kitchen }),
      lenient.classify({ bytes: kitchen }),
    ]);
    expect(Object.keys(lenientVerdict.scores).sort()).toEqual([
      'Drawing',
      'Hentai',
      'Neutral',
      'Porn',
      'Sexy',
    ]);
    const total = Object.values(lenientVerdict.scores).reduce((sum, score) => sum + score, 0);
    expect(total).toBeCloseTo(1, 3);
    expect(lenientVerdict.isSafe).toBe(true);
    expect(strictVerdict.isSafe).toBe(false);
    expect(strictVerdict.scores).toEqual(lenientVerdict.scores);
  }, 60_000);

  it('refuses a threshold outside (0, 1]', () => {
    expect(() => createNsfwModerator({ threshold: 0 })).toThrow(RangeError);
    expect(() => createNsfwModerator({ threshold: 1.5 })).toThrow(RangeError);
  });
});

describe('the nsfw moderator in its own thread (as the server runs it)', () => {
  it('gives the same scores as on the calling thread, with its own threshold', async () => {
    const [threaded, strict] = await Promise.all([
      createThreadedModerator(),
      createThreadedModerator({ threshold: 0.000_001 }),
    ]);
    await threaded.ready;
    const [inThread, inStrict, here] = await Promise.all([
      threaded.classify({ bytes: kitchen }),
      strict.classify({ bytes: kitchen }),
      createNsfwModerator().classify({ bytes: kitchen }),
    ]);
    expect(inThread.isSafe).toBe(true);
    expect(inStrict.isSafe).toBe(false);
    for (const [name, score] of Object.entries(here.scores))
      expect(inThread.scores[name]).toBeCloseTo(score, 5);
  }, 60_000);

  it('answers a broken image with an error and goes on scoring the next', async () => {
    const moderator = await createThreadedModerator();
    await expect(moderator.classify({ bytes: new TextEncoder().encode('not an image') })).rejects.toThrow();
    expect((await moderator.classify({ bytes: kitchen })).isSafe).toBe(true);
  }, 60_000);

  it('refuses a threshold outside (0, 1]', async () => {
    await expect(createThreadedModerator({ threshold: 2 })).rejects.toThrow(RangeError);
  });
});
