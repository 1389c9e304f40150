// The parts of the photo pipeline that do not need a canvas: how far it is scaled, the HEIC decoder (the same
// WASM build the worker imports), and the encodings of the result. What a file is: tests/contract.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageLimits } from '../../contract/image-limits';
import { decodeHeic } from '../../src/photo-preparation/decode-heic';
import { base64Of, contentKeyOf } from '../../src/photo-preparation/encode-bytes';
import { fitWithin } from '../../src/photo-preparation/fit-within';
import { PHOTO_ERRORS } from '../../src/photo-preparation/photo-errors';
import { kitchenPicture } from '../../tooling/made-images';
import { describeWithRealPhotos, fixture } from '../support/real-photos';

describe('fitWithin', () => {
  it('scales a 12 MP photo down to the contract limit on its long side, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024, imageLimits.maxLongSide)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, imageLimits.maxLongSide)).toEqual({ width: 1536, height: 2048 });
  });

  it('never scales a small photo up', () => {
    expect(fitWithin(800, 600, imageLimits.maxLongSide)).toEqual({ width: 800, height: 600 });
  });
});

describeWithRealPhotos('decodeHeic', () => {
  it('decodes an iPhone HEIC into RGBA pixels of its displayed size', async () => {
    const bytes = new Uint8Array(readFileSync(fixture('heic/seascape-iphone7-gps.heic')));
    const startedAt = performance.now();
    const { data, width, height } = await decodeHeic(bytes);
    console.info(
      `HEIC ${width}×${height} decoded in ${Math.round(performance.now() - startedAt)} ms (with WASM load)`,
    );
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
    expect(data.length).toBe(width * height * 4);
    // Real pixels, not an untouched buffer: the photo is not all black.
    expect(data.some((value, index) => index % 4 !== 3 && value > 0)).toBe(true);
  });

  it('rejects a truncated HEIC with the broken-photo message', async () => {
    const bytes = new Uint8Array(
      readFileSync(fixture('heic/colorchecker-iphone13pro-cc0.heic')).subarray(0, 4096),
    );
    await expect(decodeHeic(bytes)).rejects.toThrow(PHOTO_ERRORS.broken);
  });
});

describe('encodings of the prepared photo', () => {
  let bytes: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    // A lossless 3 MP picture: far more bytes than a call's arguments may spread over.
    bytes = new Uint8Array(await kitchenPicture({ width: 2000, height: 1500, format: 'png' }));
    expect(bytes.length).toBeGreaterThan(500_000);
  });

  it('base64-encodes megabytes without overflowing the stack', () => {
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('keys the photo by the SHA-256 of its bytes', async () => {
    expect(await contentKeyOf(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
