import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageLimits } from '../../../contract/image-limits';
import { ImageRejectedError } from '../../../server/images/image-rejection';
import { type NormalisedImage, normaliseImage } from '../../../server/images/normalise-image';
import type { Moderator } from '../../../server/moderation/moderator';
import { createNsfwModerator } from '../../../server/moderation/nsfw-moderator';
import {
  exifHasGps,
  jpegBomb,
  kitchenPicture,
  type MadeFormat,
  uprightKitchen,
} from '../../../tooling/made-images';
import { describeWithRealPhotos } from '../../support/real-photos';
import { fittedSize, photoFixtures, readFixture } from './images-fixtures';

let moderator: Moderator;
beforeAll(async () => {
  moderator = createNsfwModerator();
  await moderator.ready;
}, 60_000);

async function expectUprightWithoutMetadata(
  bytes: Buffer | Promise<NormalisedImage>,
  displayed: { width: number; height: number },
): Promise<NormalisedImage> {
  const image = await (Buffer.isBuffer(bytes) ? normaliseImage(bytes) : bytes);
  const expected = fittedSize(displayed.width, displayed.height, imageLimits.maxLongSide);
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
  return image;
}

async function expectSafe(image: NormalisedImage) {
  const verdict = await moderator.classify(image);
  expect(verdict, JSON.stringify(verdict.scores)).toMatchObject({ isSafe: true });
}

/** Small colour thumbnails; the sum of absolute differences between two of them. */
const thumb = (bytes: Buffer, angle = 0) =>
  sharp(bytes).rotate(angle).resize(6, 8, { fit: 'fill' }).raw().toBuffer();
const difference = (a: Buffer, b: Buffer) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0);

interface MadeCase {
  name: string;
  width: number;
  height: number;
  format: MadeFormat;
  orientation?: 1 | 3 | 6 | 8;
  gps?: boolean;
}

const madeCases: MadeCase[] = [
  {
    name: 'a 24 MP portrait phone JPEG stored sideways (orientation 6) with GPS',
    width: 4000,
    height: 6000,
    format: 'jpeg',
    orientation: 6,
    gps: true,
  },
  {
    name: 'a JPEG stored upside down (orientation 3)',
    width: 3000,
    height: 2003,
    format: 'jpeg',
    orientation: 3,
  },
  {
    name: 'a JPEG turned the other way (orientation 8) with GPS',
    width: 1049,
    height: 1400,
    format: 'jpeg',
    orientation: 8,
    gps: true,
  },
  { name: 'a small JPEG, never enlarged', width: 1000, height: 752, format: 'jpeg' },
  { name: 'a 16:9 PNG', width: 1280, height: 720, format: 'png' },
  { name: 'a portrait WebP', width: 1049, height: 1400, format: 'webp' },
];

describe('normaliseImage with made pictures', () => {
  it.each(madeCases)('$name comes out upright, at most 2048 px, without metadata', async (made) => {
    const source = await kitchenPicture(made);
    // The made file carries what a phone writes, so stripping it is tested, not assumed.
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.orientation ?? 1).toBe(made.orientation ?? 1);
    expect(exifHasGps(sourceMeta.exif)).toBe(made.gps ?? false);
    const image = await expectUprightWithoutMetadata(source, made);
    expect(image.sourceFormat).toBe(made.format);
    // Upright: the output matches the picture as drawn far better than the same turned half a turn.
    const drawn = await thumb(await uprightKitchen(made.width, made.height));
    const upright = difference(await thumb(image.bytes), drawn);
    const turned = difference(await thumb(image.bytes, 180), drawn);
    expect(upright).toBeLessThan(turned * 0.5);
    await expectSafe(image);
  });

  it('detects the type from the content, not the name', async () => {
    const [png, webp] = await Promise.all([
      kitchenPicture({ format: 'png' }).then(normaliseImage),
      kitchenPicture({ format: 'webp' }).then(normaliseImage),
    ]);
    expect([png.sourceFormat, webp.sourceFormat]).toEqual(['png', 'webp']);
  });
});

describeWithRealPhotos('normaliseImage with the real photos', () => {
  // Each photo normalised once for the tests that read it (CI time, issue 35): a 12 MP HEIC takes libheif about
  // two seconds of CPU, and the HEIC tests below read the same two HEICs and the colour checker's JPEG.
  const normalised = new Map<string, Promise<NormalisedImage>>();
  const normalisedFixture = (file: string): Promise<NormalisedImage> => {
    let image = normalised.get(file);
    if (!image) {
      image = readFixture(file).then(normaliseImage);
      normalised.set(file, image);
    }
    return image;
  };

  it.each(photoFixtures)('$file comes out upright, at most 2048 px, without metadata', async (photo) => {
    const image = await expectUprightWithoutMetadata(normalisedFixture(photo.file), photo);
    if (photo.kitchen) await expectSafe(image);
  });

  it('detects a phone HEIC from its content', async () => {
    const heic = await normalisedFixture('heic/seascape-iphone7-gps.heic');
    expect(heic.sourceFormat).toBe('heic');
  });

  it('applies the HEIC rotation once, so the colour checker stands portrait like its JPEG twin', async () => {
    const [fromHeic, fromJpeg] = await Promise.all([
      normalisedFixture('heic/colorchecker-iphone13pro-cc0.heic'),
      normalisedFixture('not-kitchens/object-colorchecker-iphone13pro-orient6.jpg'),
    ]);
    // Both photos show the same chart, framed a little differently: as 6x8 colour thumbnails they match about
    // twice as well upright as with one of them turned half a turn.
    const jpegThumb = await thumb(fromJpeg.bytes);
    const upright = difference(await thumb(fromHeic.bytes), jpegThumb);
    const turned = difference(await thumb(fromHeic.bytes, 180), jpegThumb);
    expect(fromHeic.height).toBeGreaterThan(fromHeic.width);
    expect(upright).toBeLessThan(turned * 0.6);
  });
});

describe('normaliseImage limits and refusals', () => {
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

  it('refuses a pixel bomb (a 300-byte JPEG declaring 65,000 x 65,000) before decoding it', async () => {
    const bomb = await jpegBomb();
    expect(bomb.length).toBeLessThan(1024);
    await expect(normaliseImage(bomb)).rejects.toMatchObject({
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
