// How a mask's channels are read (issue 34, point 7; contract/surface-masks.ts): with transparency the alpha is
// the mark, without it the brightest colour channel; an empty part is refused as undecodable, never a 500.
// Through the real, listening server on PGlite.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { surfaceMasksUrl, surfaceMaskUrl } from '../../../contract/surface-masks';
import { serverOnPgliteForFile } from '../../../tooling/server';
import { GenerationClient } from '../generation/generation-client';

interface Size {
  width: number;
  height: number;
}

/** A plane with the rectangle (x, y, w, h) at 255, 0 elsewhere: the marks every case below draws. */
function rectanglePlane({ width, height }: Size, [x, y, w, h]: readonly number[]): Buffer {
  const plane = Buffer.alloc(width * height);
  for (let row = y ?? 0; row < (y ?? 0) + (h ?? 0); row++)
    plane.fill(255, row * width + (x ?? 0), row * width + (x ?? 0) + (w ?? 0));
  return plane;
}

/** A PNG of `channels` channels whose pixel i is `paint(marked_i)`, the mark being the plane's byte. */
async function pngOf(size: Size, plane: Buffer, channels: 1 | 2 | 3 | 4, paint: (mark: number) => number[]) {
  const pixels = Buffer.alloc(plane.length * channels);
  plane.forEach((mark, pixel) => {
    pixels.set(paint(mark), pixel * channels);
  });
  const image = sharp(pixels, { raw: { ...size, channels } });
  const png = await (channels <= 2 ? image.toColourspace('b-w') : image).png().toBuffer();
  expect((await sharp(png).metadata()).channels).toBe(channels);
  return png;
}

const maskForm = (surface: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append(surface, new Blob([Buffer.from(bytes)], { type: 'image/png' }), 'mask.png');
  return form;
};

describe('a mask’s channels', () => {
  const running = serverOnPgliteForFile({});

  async function ownPhoto() {
    const client = new GenerationClient(running.server.origin);
    const verdict = await client.validate();
    if (!verdict.isSafe) throw new Error('the made kitchen was judged unsafe');
    return { client, photo: { id: verdict.imageId, width: verdict.width, height: verdict.height } };
  }

  /** PUTs `png` as the fronts mask and answers the plane the server stored, one byte a pixel. */
  async function storedPlane(client: GenerationClient, id: string, png: Buffer) {
    const put = await client.request(surfaceMasksUrl(id), { method: 'PUT', body: maskForm('fronts', png) });
    expect([put.status, put.body]).toMatchObject([200, { surfaces: ['fronts'] }]);
    const served = await client.request(surfaceMaskUrl(id, 'fronts'));
    expect((await sharp(served.body as Buffer).metadata()).channels).toBe(1);
    return sharp(served.body as Buffer)
      .extractChannel(0)
      .raw()
      .toBuffer();
  }

  it('refuses an empty part with 422 MASK_UNDECODABLE, keeping what was marked', async () => {
    const { client, photo } = await ownPhoto();
    const marks = rectanglePlane(photo, [0, 0, 20, 20]);
    await storedPlane(client, photo.id, await pngOf(photo, marks, 1, (mark) => [mark]));
    const empty = await client.request(surfaceMasksUrl(photo.id), {
      method: 'PUT',
      body: maskForm('worktop', new Uint8Array(0)),
    });
    expect([empty.status, empty.body]).toMatchObject([
      422,
      { code: 'MASK_UNDECODABLE', message: expect.stringMatching(/worktop/) },
    ]);
    expect((await client.request(surfaceMasksUrl(photo.id))).body).toMatchObject({ surfaces: ['fronts'] });
  });

  it('reads every usual drawing of the same marks as the same plane', async () => {
    const { client, photo } = await ownPhoto();
    const marks = rectanglePlane(photo, [30, 40, 200, 100]);
    const drawings: Array<[string, 1 | 2 | 3 | 4, (mark: number) => number[]]> = [
      ['grey, as the contract shows', 1, (mark) => [mark]],
      ['opaque RGBA grey, as the app’s canvas encodes it', 4, (mark) => [mark, mark, mark, 255]],
      ['grey+alpha with the marks in the alpha', 2, (mark) => [0, mark]],
      ['red strokes on transparent', 4, (mark) => (mark ? [255, 0, 0, 255] : [0, 0, 0, 0])],
      ['white strokes on transparent grey', 4, (mark) => (mark ? [255, 255, 255, 255] : [127, 127, 127, 0])],
      ['green strokes on opaque black', 3, (mark) => [0, mark, 0]],
    ];
    const read: Record<string, boolean> = {};
    for (const [name, channels, paint] of drawings) {
      const plane = await storedPlane(client, photo.id, await pngOf(photo, marks, channels, paint));
      read[name] = plane.equals(marks);
    }
    expect(read).toEqual(Object.fromEntries(drawings.map(([name]) => [name, true])));
  });
});
