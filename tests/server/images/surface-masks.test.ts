// A photo's surface masks (issue 22, item 1): stored with the photo on every image backend (disk, database on
// PGlite and PostgreSQL, S3 on s3rver), owner-only, at the photo's size, and gone with the photo: deleted,
// expired, erased with "delete my data"; in the export under their photo. Through the real, listening server.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, myDataPaths } from '../../../contract/endpoints';
import { EXPORT_DATA_FILE, exportedDataSchema } from '../../../contract/my-data';
import {
  type MarkedSurface,
  surfaceMasksResponseSchema,
  surfaceMasksUrl,
  surfaceMaskUrl,
} from '../../../contract/surface-masks';
import { type ImageStorage, openImageStorage } from '../../../server/images/store/open-image-storage';
import { sweepImages } from '../../../server/images/store/sweeper';
import { readZip } from '../../support/read-zip';
import { type RunningServer, serverOnPgliteForFile, startServer, testConfig } from '../../support/server';
import { GenerationClient } from '../generation/generation-client';
import { multipartBody } from './multipart-body';
import { type BackendFixture, backendCases } from './store-backends';

interface Photo {
  id: string;
  width: number;
  height: number;
}

/** A grey plane with the rectangle (x, y, w, h) marked 255, and the grey PNG of it (as the app sends). */
async function rectangleMask(size: { width: number; height: number }, [x, y, w, h]: number[]) {
  const plane = Buffer.alloc(size.width * size.height);
  for (let row = y ?? 0; row < (y ?? 0) + (h ?? 0); row++)
    plane.fill(255, row * size.width + (x ?? 0), row * size.width + (x ?? 0) + (w ?? 0));
  const png = await sharp(plane, { raw: { ...size, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
  return { plane, png };
}

/** A grey PNG's pixels, one byte each (sharp would otherwise hand back three channels). */
const greyPlane = (png: Buffer) => sharp(png).extractChannel(0).raw().toBuffer();

const maskForm = (parts: Array<{ name: string; bytes: Uint8Array; type?: string }>) => {
  const form = new FormData();
  for (const part of parts)
    form.append(
      part.name,
      new Blob([Buffer.from(part.bytes)], { type: part.type ?? 'image/png' }),
      'mask.png',
    );
  return form;
};

const putMasks = (client: GenerationClient, id: string, form: FormData) =>
  client.request(surfaceMasksUrl(id), { method: 'PUT', body: form });

describe.each(backendCases)('surface masks on $name', (backendCase) => {
  let fixture: BackendFixture;
  let storage: ImageStorage;
  let server: RunningServer;

  const ownerOf = async (imageId: string) =>
    Number(
      (
        await fixture.db.query<{ owner: number }>('SELECT owner_id AS owner FROM images WHERE id = $1', [
          imageId,
        ])
      )[0]?.owner,
    );
  const maskRows = (imageId: string) =>
    fixture.db.query<{ key: string; expiresAt: Date; kind: string }>(
      `SELECT storage_key AS key, expires_at AS "expiresAt", kind FROM images WHERE parent_id = $1`,
      [imageId],
    );
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of storage.bytes.keysWrittenBefore(new Date(Date.now() + 60_000))) keys.push(key);
    return keys;
  };
  async function markedPhoto(client: GenerationClient) {
    const verdict = await client.validate();
    if (!verdict.isSafe) throw new Error('the made kitchen was judged unsafe');
    const photo: Photo = { id: verdict.imageId, width: verdict.width, height: verdict.height };
    const fronts = await rectangleMask(photo, [10, 20, 300, 200]);
    const worktop = await rectangleMask(photo, [0, 400, photo.width, 50]);
    const answer = await putMasks(
      client,
      photo.id,
      maskForm([
        { name: 'fronts', bytes: fronts.png },
        { name: 'worktop', bytes: worktop.png },
      ]),
    );
    expect(answer.status).toBe(200);
    return { photo, fronts, worktop, answer };
  }

  beforeAll(async () => {
    fixture = await backendCase.open();
    const config = testConfig(fixture.config.dataDir, fixture.config);
    storage = await openImageStorage(config, fixture.db);
    server = await startServer(config, fixture.sharedDatabase ? {} : { db: fixture.db });
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  it('keeps the masks at the photo’s size, answers them to their owner, and hands generation grey planes', async () => {
    const alice = new GenerationClient(server.origin);
    const { photo, fronts, worktop, answer } = await markedPhoto(alice);
    const expected = {
      imageId: photo.id,
      width: photo.width,
      height: photo.height,
      surfaces: ['fronts', 'worktop'],
    };
    expect(surfaceMasksResponseSchema.parse(answer.body)).toEqual(expected);
    expect((await alice.request(surfaceMasksUrl(photo.id))).body).toEqual(expected);

    const served = await alice.request(surfaceMaskUrl(photo.id, 'fronts'));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const stored = await sharp(served.body as Buffer).metadata();
    expect([stored.format, stored.width, stored.height, stored.channels]).toEqual([
      'png',
      photo.width,
      photo.height,
      1,
    ]);
    expect((await greyPlane(served.body as Buffer)).equals(fronts.plane)).toBe(true);

    const masks = await storage.masks.read(await ownerOf(photo.id), photo.id);
    expect(masks?.width).toBe(photo.width);
    expect(Buffer.from(masks?.planes.fronts ?? []).equals(fronts.plane)).toBe(true);
    expect(Buffer.from(masks?.planes.worktop ?? []).equals(worktop.plane)).toBe(true);
    // Masks are not images of their own: stored as `mask` rows under the photo, expiring with it.
    const rows = await maskRows(photo.id);
    const [photoRow] = await fixture.db.query<{ expiresAt: Date }>(
      'SELECT expires_at AS "expiresAt" FROM images WHERE id = $1',
      [photo.id],
    );
    expect(rows.map((row) => [row.kind, new Date(row.expiresAt).getTime()])).toEqual([
      ['mask', new Date(photoRow?.expiresAt ?? 0).getTime()],
      ['mask', new Date(photoRow?.expiresAt ?? 0).getTime()],
    ]);
  });

  it('replaces: a PUT with only the fronts unmarks the worktop, and frees its bytes', async () => {
    const alice = new GenerationClient(server.origin);
    const { photo } = await markedPhoto(alice);
    const before = (await maskRows(photo.id)).map((row) => row.key);
    const fronts = await rectangleMask(photo, [0, 0, 5, 5]);
    const answer = await putMasks(alice, photo.id, maskForm([{ name: 'fronts', bytes: fronts.png }]));
    expect(answer.body).toMatchObject({ surfaces: ['fronts'] });
    expect((await alice.request(surfaceMaskUrl(photo.id, 'worktop'))).status).toBe(404);
    const keys = await storedKeys();
    expect(before.filter((key) => keys.includes(key))).toEqual([]);
  });

  it('is the owner’s only: another user reads, replaces and deletes nothing', async () => {
    const alice = new GenerationClient(server.origin);
    const { photo } = await markedPhoto(alice);
    const mallory = new GenerationClient(server.origin);
    await mallory.validate();
    const garbage = await rectangleMask(photo, [0, 0, photo.width, photo.height]);
    const attempts = [
      await mallory.request(surfaceMasksUrl(photo.id)),
      await mallory.request(surfaceMaskUrl(photo.id, 'fronts')),
      await putMasks(mallory, photo.id, maskForm([{ name: 'fronts', bytes: garbage.png }])),
      await mallory.request(surfaceMasksUrl(photo.id), { method: 'DELETE' }),
    ];
    expect(attempts.map((attempt) => [attempt.status, (attempt.body as { code?: string }).code])).toEqual(
      Array(4).fill([404, 'IMAGE_NOT_FOUND']),
    );
    expect((await alice.request(surfaceMasksUrl(photo.id))).body).toMatchObject({
      surfaces: ['fronts', 'worktop'],
    });
  });

  it('refuses a wrong size, garbage, a JPEG and an unknown surface, with clear JSON, and keeps what was there', async () => {
    const alice = new GenerationClient(server.origin);
    const { photo } = await markedPhoto(alice);
    const small = await rectangleMask({ width: photo.width - 1, height: photo.height }, [0, 0, 3, 3]);
    const jpeg = await sharp({
      create: { width: photo.width, height: photo.height, channels: 3, background: '#fff' },
    })
      .jpeg()
      .toBuffer();
    const fine = await rectangleMask(photo, [0, 0, 3, 3]);
    const cases: Array<[FormData, number, string, RegExp]> = [
      [maskForm([{ name: 'fronts', bytes: small.png }]), 422, 'MASK_SIZE_MISMATCH', /999x752|photo is/],
      [maskForm([{ name: 'worktop', bytes: randomBytes(5000) }]), 422, 'MASK_UNDECODABLE', /worktop/],
      [maskForm([{ name: 'fronts', bytes: jpeg }]), 422, 'MASK_UNDECODABLE', /PNG/],
      [maskForm([{ name: 'splashback', bytes: fine.png }]), 400, 'MASK_UNKNOWN_SURFACE', /splashback/],
      [
        maskForm([
          { name: 'fronts', bytes: fine.png },
          { name: 'fronts', bytes: fine.png },
        ]),
        400,
        'MASK_UNKNOWN_SURFACE',
        /twice/,
      ],
    ];
    for (const [form, status, code, message] of cases) {
      const answer = await putMasks(alice, photo.id, form);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status,
        body: {
          statusCode: status,
          error: expect.any(String),
          code,
          message: expect.stringMatching(message),
        },
      });
    }
    expect((await alice.request(surfaceMaskUrl(photo.id, 'splashback' as MarkedSurface))).body).toMatchObject(
      {
        code: 'MASK_UNKNOWN_SURFACE',
      },
    );
    expect(
      (await putMasks(alice, randomUUID(), maskForm([{ name: 'fronts', bytes: fine.png }]))).status,
    ).toBe(404);
    expect((await alice.request(surfaceMasksUrl(photo.id))).body).toMatchObject({
      surfaces: ['fronts', 'worktop'],
    });
  });

  it('goes with its photo: DELETE of the masks, the photo’s deletion and its expiry take rows and bytes', async () => {
    const alice = new GenerationClient(server.origin);
    const cleared = await markedPhoto(alice);
    expect((await alice.request(surfaceMasksUrl(cleared.photo.id), { method: 'DELETE' })).status).toBe(204);
    expect((await alice.request(surfaceMasksUrl(cleared.photo.id))).body).toMatchObject({ surfaces: [] });
    expect(await maskRows(cleared.photo.id)).toEqual([]);

    const deleted = await markedPhoto(alice);
    const deletedKeys = (await maskRows(deleted.photo.id)).map((row) => row.key);
    expect(await storage.store.delete(await ownerOf(deleted.photo.id), deleted.photo.id)).toBe(true);
    expect(await maskRows(deleted.photo.id)).toEqual([]);

    const expired = await markedPhoto(alice);
    const expiredKeys = (await maskRows(expired.photo.id)).map((row) => row.key);
    await fixture.db.query(
      "UPDATE images SET expires_at = now() - interval '1 second' WHERE id = $1 OR parent_id = $1",
      [expired.photo.id],
    );
    expect((await alice.request(surfaceMasksUrl(expired.photo.id))).status).toBe(404);
    expect((await alice.request(surfaceMaskUrl(expired.photo.id, 'fronts'))).status).toBe(404);
    await sweepImages({ db: fixture.db, bytes: storage.bytes, retentionDays: 30 });
    expect(await maskRows(expired.photo.id)).toEqual([]);

    const keys = await storedKeys();
    expect([...deletedKeys, ...expiredKeys].filter((key) => keys.includes(key))).toEqual([]);
  });

  it('is exported under its photo, not as an image of its own, and erased with "delete my data"', async () => {
    const alice = new GenerationClient(server.origin);
    const { photo, fronts } = await markedPhoto(alice);
    const owner = await ownerOf(photo.id);
    const zip = await alice.request(`${API_PREFIX}${myDataPaths.export}`);
    const entries = readZip(zip.body as Buffer);
    const data = exportedDataSchema.parse(
      JSON.parse(entries.find((entry) => entry.name === EXPORT_DATA_FILE)?.data.toString() ?? '{}'),
    );
    expect(data.images.map((image) => image.kind)).toEqual(['upload']);
    expect(data.images[0]?.masks).toEqual([
      { surface: 'fronts', file: `masks/${photo.id}-fronts.png` },
      { surface: 'worktop', file: `masks/${photo.id}-worktop.png` },
    ]);
    const exported = entries.find((entry) => entry.name === `masks/${photo.id}-fronts.png`)?.data;
    expect((await greyPlane(exported ?? Buffer.alloc(0))).equals(fronts.plane)).toBe(true);

    const erased = await alice.request(`${API_PREFIX}${myDataPaths.me}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'delete' }),
    });
    expect(erased.status).toBe(204);
    expect((await storedKeys()).filter((key) => key.startsWith(`${owner}/`))).toEqual([]);
    expect(await maskRows(photo.id)).toEqual([]);
  });
});

describe('surface masks through app.inject, with a small storage cap', () => {
  // 0.3 MB: room for the photo (about 50 KB) and real masks (a few KB), not for a mask of noise (about 750 KB).
  const running = serverOnPgliteForFile({ imageStoragePerUserMb: 0.3 });

  async function ownPhoto() {
    const client = new GenerationClient(running.server.origin);
    const verdict = await client.validate();
    if (!verdict.isSafe) throw new Error('the made kitchen was judged unsafe');
    return { client, photo: { id: verdict.imageId, width: verdict.width, height: verdict.height } };
  }
  const inject = (cookie: string, id: string, body: ReturnType<typeof multipartBody>, headers = {}) =>
    running.server.app.inject({
      method: 'PUT',
      url: surfaceMasksUrl(id),
      payload: body.payload,
      headers: { ...body.headers, cookie, ...headers },
    });

  it('refuses a cross-site PUT or DELETE before reading it', async () => {
    const { client, photo } = await ownPhoto();
    const mask = await rectangleMask(photo, [0, 0, 10, 10]);
    const body = multipartBody([
      { name: 'fronts', value: mask.png, filename: 'm.png', contentType: 'image/png' },
    ]);
    const fromElsewhere = [
      await inject(client.sessionCookie, photo.id, body, { origin: 'https://evil.example' }),
      await inject(client.sessionCookie, photo.id, body, { 'sec-fetch-site': 'cross-site' }),
      await running.server.app.inject({
        method: 'DELETE',
        url: surfaceMasksUrl(photo.id),
        headers: { cookie: client.sessionCookie, 'sec-fetch-site': 'cross-site' },
      }),
    ];
    expect(fromElsewhere.map((answer) => [answer.statusCode, answer.json().code])).toEqual(
      Array(3).fill([403, 'CROSS_SITE_REQUEST']),
    );
    expect((await client.request(surfaceMasksUrl(photo.id))).body).toMatchObject({ surfaces: [] });
    expect((await inject(client.sessionCookie, photo.id, body)).json()).toMatchObject({
      surfaces: ['fronts'],
    });
  });

  it('counts masks toward the storage cap, and bounds the body', async () => {
    const { client, photo } = await ownPhoto();
    const noise = await sharp(randomBytes(photo.width * photo.height), {
      raw: { width: photo.width, height: photo.height, channels: 1 },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const full = await inject(
      client.sessionCookie,
      photo.id,
      multipartBody([{ name: 'worktop', value: noise, filename: 'm.png', contentType: 'image/png' }]),
    );
    expect([full.statusCode, full.json().code]).toEqual([413, 'STORAGE_LIMIT_REACHED']);

    const huge = await inject(
      client.sessionCookie,
      photo.id,
      multipartBody([{ name: 'worktop', value: randomBytes(9 * 1024 * 1024), filename: 'm.png' }]),
    );
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const notMultipart = await running.server.app.inject({
      method: 'PUT',
      url: surfaceMasksUrl(photo.id),
      payload: { fronts: 'x' },
      headers: { cookie: client.sessionCookie },
    });
    expect([notMultipart.statusCode, notMultipart.json().code]).toEqual([415, 'UPLOAD_NOT_MULTIPART']);
    expect((await client.request(surfaceMasksUrl(photo.id))).body).toMatchObject({ surfaces: [] });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await running.server.app.inject({ url: `${API_PREFIX}/openapi.json` })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths[`${API_PREFIX}/images/{id}/masks`] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(document.paths[`${API_PREFIX}/images/{id}/masks/{surface}`] ?? {})).toEqual(['get']);
  });
});
