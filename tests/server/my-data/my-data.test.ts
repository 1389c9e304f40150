// Delete my data and download my data (issue 15, items 3 and 4) through the real server on every image backend
// (disk, database on PGlite and on PostgreSQL, S3 on s3rver): rows and stored bytes counted before and after,
// every id the user had answering 404, another user untouched, deletes racing each other and a running job,
// a crash between rows and bytes finished by the sweep, and the export read back by an independent zip reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, myDataPaths } from '../../../contract/endpoints';
import { jobPaths } from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import { EXPORT_DATA_FILE, exportedDataSchema } from '../../../contract/my-data';
import type { Queryable } from '../../../server/db/database';
import { type ImageStorage, openImageStorage } from '../../../server/images/store/open-image-storage';
import { sweepImages } from '../../../server/images/store/sweeper';
import { eraseUserRows } from '../../../server/my-data/erase-user';
import { EXPORTS_PER_WINDOW } from '../../../server/my-data/routes';
import { buildOpenApiDocument } from '../../../server/openapi/document';
import { type RunningServer, serverOnPgliteForFile, startServer, testConfig } from '../../../tooling/server';
import { readZip } from '../../support/read-zip';
import { CHOICES, GenerationClient, jobPath, startedJob } from '../generation/generation-client';
import { registerScriptedProvider, SCRIPTED_PROVIDER } from '../generation/scripted-provider';
import { type BackendFixture, backendCases } from '../images/store-backends';

const scripted = registerScriptedProvider();
const STAGES = ['preparing', 'rendering', 'finishing'] as const;
const ME = `${API_PREFIX}${myDataPaths.me}`;
const EXPORT = `${API_PREFIX}${myDataPaths.export}`;

const eraseRequest = (body: unknown = { confirm: 'delete' }): RequestInit => ({
  method: 'DELETE',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

/** A user's rows in every table that holds them, and their stored bytes on the backend. */
interface Footprint {
  users: number;
  sessions: number;
  images: number;
  imageChunks: number;
  jobs: number;
  claims: number;
  storedBytes: number;
}

async function count(db: Queryable, sql: string, param: unknown): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${sql}`, [param]);
  return Number(row?.n);
}

describe.each(backendCases)('my data on $name', (backendCase) => {
  let fixture: BackendFixture;
  let storage: ImageStorage;
  let server: RunningServer;

  const storedKeys = async (userId: number) => {
    const keys: string[] = [];
    for await (const key of storage.bytes.keysWrittenBefore(new Date(Date.now() + 60_000))) {
      if (key.startsWith(`${userId}/`)) keys.push(key);
    }
    return keys;
  };
  const footprint = async (userId: number): Promise<Footprint> => {
    const { db } = fixture;
    return {
      users: await count(db, 'users WHERE id = $1', userId),
      sessions: await count(db, 'sessions WHERE user_id = $1', userId),
      images: await count(db, 'images WHERE owner_id = $1', userId),
      imageChunks: await count(db, "image_chunks WHERE key LIKE $1 || '/%'", userId),
      jobs: await count(db, 'generation_jobs WHERE user_id = $1', userId),
      claims: await count(db, 'generation_claims WHERE user_id = $1', userId),
      storedBytes: (await storedKeys(userId)).length,
    };
  };
  const nothing: Footprint = {
    users: 0,
    sessions: 0,
    images: 0,
    imageChunks: 0,
    jobs: 0,
    claims: 0,
    storedBytes: 0,
  };
  const ownerOf = async (imageId: string) => {
    const [row] = await fixture.db.query<{ ownerId: number }>(
      'SELECT owner_id AS "ownerId" FROM images WHERE id = $1',
      [imageId],
    );
    if (!row) throw new Error(`no image ${imageId}`);
    return row.ownerId;
  };

  /** A visitor with a photo and a finished kitchen made from it: two images, a job, a claim, a session. */
  async function userWithKitchen() {
    const client = new GenerationClient(server.origin);
    const photoId = await client.upload();
    const job = startedJob(await client.startKitchen({ imageId: photoId }));
    for (const stage of STAGES) scripted.open(stage);
    const done = await client.finished(job.id);
    expect(done.state).toBe('succeeded');
    const resultId = done.resultImageId ?? '';
    return { client, userId: await ownerOf(photoId), photoId, resultId, jobId: job.id };
  }

  beforeAll(async () => {
    fixture = await backendCase.open();
    storage = await openImageStorage({ databaseUrl: undefined, ...fixture.config }, fixture.db);
    scripted.behaviour = 'gated';
    server = await startServer(
      testConfig(fixture.config.dataDir, { ...fixture.config, generationProvider: SCRIPTED_PROVIDER }),
      fixture.sharedDatabase ? {} : { db: fixture.db },
    );
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  it('erases every row and stored byte of the user, none of another; every id they had answers 404', async () => {
    const alice = await userWithKitchen();
    const bob = await userWithKitchen();
    const bobBefore = await footprint(bob.userId);
    expect(await footprint(alice.userId)).toEqual({
      users: 1,
      sessions: 1,
      // The photo, the result and its layout sketch (issue 34, point 5).
      images: 3,
      imageChunks: backendCase.name.startsWith('database') ? 3 : 0,
      jobs: 1,
      claims: 1,
      storedBytes: 3,
    });

    // Without its confirmation, a deletion does nothing.
    const unconfirmed = await alice.client.request(ME, eraseRequest({}));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    expect((await footprint(alice.userId)).images).toBe(3);

    const oldBrowser = alice.client.on(server.origin);
    const erased = await alice.client.request(ME, eraseRequest());
    expect(erased.status).toBe(204);
    expect(erased.headers.getSetCookie().join()).toMatch(/kr_session=;.*Expires=Thu, 01 Jan 1970/);

    expect(await footprint(alice.userId)).toEqual(nothing);
    expect(await footprint(bob.userId)).toEqual(bobBefore);
    for (const caller of [oldBrowser, bob.client]) {
      expect((await caller.request(imageUrl(alice.photoId))).status).toBe(404);
      expect((await caller.request(imageUrl(alice.resultId))).status).toBe(404);
      expect((await caller.request(jobPath(jobPaths.job, alice.jobId))).status).toBe(404);
    }
    const history = await oldBrowser.request(`${API_PREFIX}${jobPaths.history}`);
    expect(history.body).toEqual({ jobs: [] });
    expect((await bob.client.request(imageUrl(bob.photoId))).status).toBe(200);
  });

  it('erases once however many deletes arrive at once, leaving no user behind', async () => {
    const carol = await userWithKitchen();
    const [before] = await fixture.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users');
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => carol.client.on(server.origin).request(ME, eraseRequest())),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    expect(await footprint(carol.userId)).toEqual(nothing);
    // Deletes that arrived after the session was gone became guests for a moment and erased those too.
    const [after] = await fixture.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users');
    expect(after?.n).toBe((before?.n ?? 0) - 1);
  });

  it('leaves nothing behind when a job is running for the user; the job never writes its result', async () => {
    const dave = new GenerationClient(server.origin);
    const photoId = await dave.upload();
    const userId = await ownerOf(photoId);
    const job = startedJob(await dave.startKitchen({ imageId: photoId }));
    scripted.open('preparing');
    scripted.open('rendering');
    await expect.poll(() => scripted.waiting('finishing'), { timeout: 20_000 }).toBe(1);
    const abortedBefore = scripted.aborted;

    expect((await dave.request(ME, eraseRequest())).status).toBe(204);
    scripted.open('finishing');
    // The runner finds its job gone as it reports its last stage (or renews its lease) and stops.
    await expect.poll(() => scripted.aborted, { timeout: 20_000 }).toBe(abortedBefore + 1);
    expect(await footprint(userId)).toEqual(nothing);
    expect((await dave.request(jobPath(jobPaths.job, job.id))).status).toBe(404);
  });

  it('refuses a late write for an erased user: a result stored afterwards fails and leaves no bytes', async () => {
    const erin = await userWithKitchen();
    expect((await erin.client.request(ME, eraseRequest())).status).toBe(204);
    const late = storage.store.put(erin.userId, Buffer.from('late result'), {
      contentType: 'image/png',
      width: 1,
      height: 1,
      kind: 'kitchen',
    });
    await expect(late).rejects.toThrow(/foreign key/);
    expect(await footprint(erin.userId)).toEqual(nothing);
  });

  it('finishes a deletion cut short between rows and bytes at the next sweep', async () => {
    const frank = await userWithKitchen();
    // Step one only, as if the process died right after the commit.
    const rows = await eraseUserRows(fixture.db, frank.userId);
    expect(rows.bytes).toHaveLength(3);
    expect((await footprint(frank.userId)).storedBytes).toBe(3);
    await sweepImages({ db: fixture.db, bytes: storage.bytes, retentionDays: 30, orphanGraceMs: 0 });
    expect(await footprint(frank.userId)).toEqual(nothing);
  });

  it('exports the images as stored and the choices of each generation as JSON, in a zip', async () => {
    const gina = await userWithKitchen();
    const answer = await gina.client.request(EXPORT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kitchen-data-.*\.zip"$/,
    );
    const entries = new Map(readZip(answer.body as Buffer).map((entry) => [entry.name, entry.data]));
    expect([...entries.keys()].sort()).toEqual(
      [EXPORT_DATA_FILE, `photos/${gina.photoId}.jpg`, `results/kitchen-${gina.resultId}.jpg`].sort(),
    );
    const data = exportedDataSchema.parse(JSON.parse(entries.get(EXPORT_DATA_FILE)?.toString() ?? ''));
    expect(data.user?.id).toBe(gina.userId);
    expect(data.generations).toMatchObject([
      { id: gina.jobId, kind: 'kitchen', state: 'succeeded', resultImageId: gina.resultId, request: CHOICES },
    ]);
    for (const image of data.images) {
      const served = await gina.client.request(imageUrl(image.id));
      expect(entries.get(image.file ?? '')?.equals(served.body as Buffer)).toBe(true);
    }
    expect(data.images.map((image) => image.id).sort()).toEqual([gina.photoId, gina.resultId].sort());

    // Someone else's export holds none of it; a visitor without a session gets an empty one.
    const stranger = readZip((await new GenerationClient(server.origin).request(EXPORT)).body as Buffer);
    expect(stranger.map((entry) => entry.name)).toEqual([EXPORT_DATA_FILE]);
    expect(JSON.parse(stranger[0]?.data.toString() ?? '')).toMatchObject({ user: null, images: [] });
  });

  it('refuses a cross-site deletion before it touches anything', async () => {
    const hank = await userWithKitchen();
    const forged = await hank.client.request(ME, {
      ...eraseRequest(),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await footprint(hank.userId)).images).toBe(3);
  });
});

describe('many exports at once', () => {
  // A day-long window: fixed windows end on the clock, and one ending mid-test would let a second five through.
  const env = serverOnPgliteForFile({ rateLimit: { max: 60, windowMs: 86_400_000 } });

  it('streams the first few a network asks for in a window and answers the rest 429, reads going on', async () => {
    const client = new GenerationClient(env.server.origin);
    const photoId = await client.upload();
    const answers = await Promise.all(Array.from({ length: 40 }, () => client.request(EXPORT)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(EXPORTS_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - EXPORTS_PER_WINDOW);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Every export let through is whole, and the user's other reads are not counted against it.
    for (const answer of answers.filter((each) => each.status === 200)) {
      expect(readZip(answer.body as Buffer).map((entry) => entry.name)).toContain(EXPORT_DATA_FILE);
    }
    expect((await client.request(imageUrl(photoId))).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the deletion with its confirmation and the export as a zip', () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, { responses: object }>>;
    expect(Object.keys(paths[ME]?.delete?.responses ?? {})).toEqual(['204', '400', '403']);
    expect(paths[EXPORT]?.get?.responses).toMatchObject({ 200: { content: { 'application/zip': {} } } });
  });
});
