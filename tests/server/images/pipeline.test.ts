import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageLimits } from '../../../contract/image-limits';
import { ImageRejectedError } from '../../../server/images/image-rejection';
import { normaliseImage } from '../../../server/images/normalise-image';
import type { Moderator } from '../../../server/moderation/moderator';
import { createNsfwModerator } from '../../../server/moderation/nsfw-moderator';
import { fittedSize, photoFixtures, readFixture } from './images-fixtures';

let moderator: Moderator;
beforeAll(async () => {
  moderator = createNsfwModerator();
  await moderator.ready;
}, 60_000);

describe('normaliseImage with the real fixtures', () => {
  it.each(photoFixtures)('$file comes out upright, at most 2048 px, without metadata', async (photo) => {
    const source = await readFixture(photo.file);
    const image = await normaliseImage(source);

    const expected = fittedSize(photo.width, photo.height, imageLimits.maxLongSide);
    expect({ width: image.width, height: image.height }).toEqual(expected);
    expect(image.contentType).toBe('image/jpeg');

    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect({ width: meta.width, height: meta.height }).toEqual(expected);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.space).toBe('srgb');

    if (photo.kitchen) {
      const verdict = await moderator.classify(image);
      expect(verdict, JSON.stringify(verdict.scores)).toMatchObject({ isSafe: true });
    }
  });

  it('detects the type from the content, not the name', async () => {
    const heic = await normaliseImage(await readFixture('heic/seascape-iphone7-gps.heic'));
    const png = await normaliseImage(await readFixture('kitchens/kitchen-08-office-kitchenette-16x9.png'));
    expect([heic.sourceFormat, png.sourceFormat]).toEqual(['heic', 'png']);
  });

  it('applies the HEIC rotation once, so the colour checker stands portrait like its JPEG twin', async () => {
    const [fromHeic, fromJpeg] = await Promise.all([
      normaliseImage(await readFixture('heic/colorchecker-iphone13pro-cc0.heic')),
      normaliseImage(await readFixture('not-kitchens/object-colorchecker-iphone13pro-orient6.jpg')),
    ]);
    // Both photos show the same chart, framed a little differently: as 6x8 colour thumbnails they match about
    // twice as well upright as with one of them turned half a turn.
    const thumb = (bytes: Buffer, angle = 0) =>
      sharp(bytes).rotate(angle).resize(6, 8, { fit: 'fill' }).raw().toBuffer();
    const difference = (a: Buffer, b: Buffer) =>
      a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0);
    const jpegThumb = await thumb(fromJpeg.bytes);
    const upright = difference(await thumb(fromHeic.bytes), jpegThumb);
    const turned = difference(await thumb(fromHeic.bytes, 180), jpegThumb);
    expect(fromHeic.height).toBeGreaterThan(fromHeic.width);
    expect(upright).toBeLessThan(turned * 0.6);
  });

  it('downscales a 24 megapixel photo and never enlarges a small one', async () => {
    const large = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#a0b0c0' } })
      .jpeg()
      .toBuffer();
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a0b0c0' } })
      .png()
      .toBuffer();
    expect(await normaliseImage(large)).toMatchObject({ width: 2048, height: 1365 });
    expect(await normaliseImage(small)).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses a photo over 50 megapixels from its header, whatever its byte size', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    expect(huge.length).toBeLessThan(imageLimits.maxBytes);
    await expect(normaliseImage(huge)).rejects.toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
  });

  it.each([
    ['empty', Buffer.alloc(0), 400, 'IMAGE_EMPTY'],
    ['plain text', Buffer.from('just some words, not a photo'), 415, 'IMAGE_UNSUPPORTED_TYPE'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 415, 'IMAGE_UNSUPPORTED_TYPE'],
    ['a PDF', Buffer.from('%PDF-1.7\n%...'), 415, 'IMAGE_UNSUPPORTED_TYPE'],
  ] as const)('refuses %s with a typed error', async (_name, bytes, statusCode, code) => {
    const rejection = await normaliseImage(bytes).catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(ImageRejectedError);
    expect(rejection).toMatchObject({ statusCode, code });
  });
});
