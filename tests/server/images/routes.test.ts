import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { IMAGE_UPLOAD_FIELD, imageUrl, validateImageResponseSchema } from '../../../contract/images';
import type { Database } from '../../../server/db/database';
import { createImageStore } from '../../../server/images/store/catalogued-image-store';
import { createDiskBytes } from '../../../server/images/store/disk-bytes';
import { createThreadedModerator } from '../../../server/moderation/moderation-thread';
import { createRuleModerator, mostlyMagenta } from '../../../server/moderation/rule-moderator';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { jpegBomb, kitchenPhoto, pngBomb, truncatedJpeg } from '../../../tooling/made-images';
import { itWithRealPhotos } from '../../support/real-photos';
import { readFixture } from './images-fixtures';
import { multipartBody, photoForm } from './multipart-body';
import { createUsers } from './store-backends';
import { buildImageApp, TEST_USER_HEADER } from './test-app';

const VALIDATE = `${API_PREFIX}${actionPaths.validateImageContent}`;

let directory: string;
let db: Database;
let app: FastifyInstance;
let ruleApp: FastifyInstance;
let kitchen: Buffer;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'image-routes-'));
  db = await openMigratedPglite();
  // Images are owned: the test users 1 to 50 exist.
  await createUsers(db, 50);
  const store = createImageStore({
    db,
    bytes: createDiskBytes(directory),
    retentionDays: 30,
    perUserBytes: 1e9,
  });
  // The moderator as the server runs it: the model in a thread of its own.
  const moderator = await createThreadedModerator();
  await moderator.ready;
  [app, ruleApp] = await Promise.all([
    buildImageApp(store, moderator),
    buildImageApp(store, createRuleModerator(mostlyMagenta)),
  ]);
  kitchen = await kitchenPhoto();
}, 60_000);

afterAll(async () => {
  await Promise.all([app?.close(), ruleApp?.close()]);
  await db?.close();
  await rm(directory, { recursive: true, force: true });
});

const upload = (form: { payload: Buffer; headers: Record<string, string> }, userId = 1, target = app) =>
  target.inject({
    method: 'POST',
    url: VALIDATE,
    ...form,
    headers: { ...form.headers, [TEST_USER_HEADER]: userId },
  });

const getImage = (id: string, userId: number) =>
  app.inject({ method: 'GET', url: imageUrl(id), headers: { [TEST_USER_HEADER]: String(userId) } });

/** A PNG whose IHDR declares `width` x `height` RGB pixels (with a valid CRC) and carries almost no data. */
describe('POST /image/validate_image_content', () => {
  it('normalises, moderates and keeps a kitchen photo for its owner', async () => {
    const response = await upload(photoForm(kitchen));
    expect(response.statusCode).toBe(200);
    const body = validateImageResponseSchema.parse(response.json());
    expect(body).toMatchObject({ isSafe: true, width: 1000, height: 752 });
    if (!body.isSafe) return;

    const image = await getImage(body.imageId, 1);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-cache');
    const meta = await sharp(image.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'jpeg',
      width: 1000,
      height: 752,
      exif: undefined,
    });
  });

  itWithRealPhotos('takes a HEIC photo whatever name and type the browser gives it', async () => {
    const heic = await readFixture('heic/seascape-iphone7-gps.heic');
    const response = await upload(photoForm(heic, 'IMG_0001.jpg', 'application/octet-stream'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ width: 2048, height: 1536 });
  });

  it('answers an unsafe photo with a verdict, not an error, and does not keep it', async () => {
    const magenta = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff00ff' } })
      .png()
      .toBuffer();
    const response = await upload(photoForm(magenta, 'pink.png', 'image/png'), 42, ruleApp);
    expect(response.statusCode).toBe(200);
    expect(validateImageResponseSchema.parse(response.json())).toEqual({
      isSafe: false,
      imageId: null,
      width: 800,
      height: 600,
    });
    await expect(readdir(path.join(directory, '42'))).rejects.toMatchObject({ code: 'ENOENT' });

    const safe = await upload(photoForm(kitchen), 42, ruleApp);
    expect(safe.json()).toMatchObject({ isSafe: true });
  });
});

describe('bad input gets a clear 4xx and the plugin keeps serving', () => {
  const wrongMagic = async () => {
    const jpeg = Buffer.from(kitchen);
    jpeg.fill(0, 0, 4);
    return jpeg;
  };
  const svg = Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  const cases: Array<{
    name: string;
    request: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
    status: number;
    code: string;
  }> = [
    {
      name: 'an empty body',
      request: async () => ({ payload: Buffer.alloc(0), headers: photoForm(kitchen).headers }),
      status: 400,
      code: 'UPLOAD_FILE_MISSING',
    },
    {
      name: 'an empty file',
      request: async () => photoForm(Buffer.alloc(0)),
      status: 400,
      code: 'IMAGE_EMPTY',
    },
    {
      name: 'a truncated JPEG',
      request: async () => photoForm(await truncatedJpeg()),
      status: 422,
      code: 'IMAGE_UNDECODABLE',
    },
    {
      name: 'wrong magic bytes',
      request: async () => photoForm(await wrongMagic()),
      status: 415,
      code: 'IMAGE_UNSUPPORTED_TYPE',
    },
    {
      name: 'a text file named .jpg',
      request: async () => photoForm(Buffer.from('hello, I am a text file\n'), 'notes.jpg'),
      status: 415,
      code: 'IMAGE_UNSUPPORTED_TYPE',
    },
    {
      name: 'a PNG declaring 100000x100000 pixels',
      request: async () => photoForm(pngBomb(100_000, 100_000), 'bomb.png', 'image/png'),
      status: 413,
      code: 'IMAGE_TOO_MANY_PIXELS',
    },
    {
      name: 'a 300-byte JPEG declaring 65000x65000 pixels',
      request: async () => photoForm(await jpegBomb(65_000, 65_000), 'bomb.jpg'),
      status: 413,
      code: 'IMAGE_TOO_MANY_PIXELS',
    },
    {
      name: 'a 20 MB body',
      request: async () =>
        photoForm(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(20 * 1024 * 1024)])),
      status: 413,
      code: 'IMAGE_TOO_LARGE',
    },
    {
      name: 'an SVG',
      request: async () => photoForm(svg, 'drawing.svg', 'image/svg+xml'),
      status: 415,
      code: 'IMAGE_UNSUPPORTED_TYPE',
    },
    {
      name: 'a malformed multipart body',
      request: async () => {
        const form = photoForm(kitchen);
        return { ...form, payload: form.payload.subarray(0, 4000) };
      },
      status: 400,
      code: 'UPLOAD_MALFORMED',
    },
    {
      name: 'no file field',
      request: async () => multipartBody([{ name: 'comment', value: 'no photo here' }]),
      status: 400,
      code: 'UPLOAD_FILE_MISSING',
    },
    {
      name: 'the photo in another field',
      request: async () => multipartBody([{ name: 'image', value: kitchen, filename: 'k.jpg' }]),
      status: 400,
      code: 'UPLOAD_FILE_MISSING',
    },
    {
      name: 'a second file, which is ignored',
      request: async () =>
        multipartBody([
          { name: IMAGE_UPLOAD_FIELD, value: kitchen, filename: 'a.jpg' },
          { name: 'second', value: kitchen, filename: 'b.jpg' },
        ]),
      status: 200,
      code: '',
    },
    {
      name: 'a JSON body',
      request: async () => ({
        payload: Buffer.from('{"file":"x"}'),
        headers: { 'content-type': 'application/json' },
      }),
      status: 415,
      code: 'UPLOAD_NOT_MULTIPART',
    },
  ];

  it.each(cases)('$name: $status $code', async ({ request, status, code }) => {
    const response = await upload(await request());
    expect(response.statusCode, response.body).toBe(status);
    if (status !== 200) {
      const error = apiErrorSchema.parse(response.json());
      expect(error).toMatchObject({ statusCode: status, code });
      expect(error.message.length).toBeGreaterThan(10);
    }
    const after = await upload(photoForm(kitchen));
    expect(after.statusCode).toBe(200);
  });
});

describe('GET /images/:id', () => {
  it("serves an image to its owner only; another user's or a malformed id is a 404", async () => {
    const response = await upload(photoForm(kitchen), 5);
    const { imageId } = response.json() as { imageId: string };
    expect((await getImage(imageId, 5)).statusCode).toBe(200);

    for (const [id, userId] of [
      [imageId, 6],
      ['00000000-0000-4000-8000-000000000000', 5],
      ['..%2F..%2Fetc%2Fpasswd', 5],
      ['not-an-id', 5],
    ] as const) {
      const denied = await getImage(id, userId);
      expect(denied.statusCode, `${id} as user ${userId}`).toBe(404);
      expect(apiErrorSchema.parse(denied.json())).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    }
  });
});

describe('over a real socket', () => {
  it('answers a 20 MB upload with 413 and serves the next request', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (bytes: Uint8Array) => {
      const form = new FormData();
      form.append(IMAGE_UPLOAD_FIELD, new Blob([new Uint8Array(bytes)]), 'photo.jpg');
      return fetch(`${address}${VALIDATE}`, {
        method: 'POST',
        body: form,
        headers: { [TEST_USER_HEADER]: '1' },
      });
    };
    const tooLarge = await post(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(20 * 1024 * 1024)]),
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    const next = await post(kitchen);
    expect(next.status).toBe(200);
  });
});
