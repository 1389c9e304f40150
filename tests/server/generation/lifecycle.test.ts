// Generation against the real server with the default `local` provider: real photos uploaded through
// validate_image_content, PGlite, sharp and the photo result; as a browser would see it.
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { apiErrorSchema } from '../../../contract/errors';
import {
  generationHistorySchema,
  JOB_STAGES,
  jobPaths,
  jobResponseSchema,
} from '../../../contract/generation';
import { imageUrl } from '../../../contract/images';
import type { GenerationStage } from '../../../machines/kitchen/actors';
import type { Database } from '../../../server/db/database';
import { generateEmptyRoom } from '../../../src/actors/generate-empty-room';
import { generateKitchen } from '../../../src/actors/generate-kitchen';
import { createApiClient } from '../../../src/api/client';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { KITCHEN_PHOTO_SIZE } from '../../../tooling/made-images';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { APP_CONFIGURATION, CHOICES, GenerationClient, jobPath, startedJob } from './generation-client';

const LIMIT = 3;

let db: Database;
let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  db = await openMigratedPglite();
  server = await startServer(testConfig(temp.dir, { generationLimit: LIMIT }), { db });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  temp.remove();
});

const newUser = () => new GenerationClient(server.origin);

describe('the whole generation lifecycle', () => {
  it('uploads a photo, empties the room for free, makes the kitchen at the photo’s own size for its owner only', async () => {
    const alice = newUser();
    const imageId = await alice.uploadMarked();

    const emptyAnswer = await alice.startEmptyRoom(imageId);
    const emptyJob = startedJob(emptyAnswer);
    expect(emptyJob).toMatchObject({ kind: 'empty_room', provider: 'local', resultImageId: null });
    expect(emptyAnswer.remaining).toBe(LIMIT);
    const emptied = await alice.finished(emptyJob.id);
    expect(emptied).toMatchObject({ state: 'succeeded', error: null });
    const emptyRoomId = emptied.resultImageId ?? '';
    // Offline the empty room is the photo itself, filed as it: nothing new is stored (issue 34, point 2).
    expect(emptyRoomId).toBe(imageId);
    expect(await alice.remaining()).toBe(LIMIT);

    const kitchenAnswer = await alice.startKitchen({ imageId, emptyRoomId });
    const kitchenJob = startedJob(kitchenAnswer);
    expect(kitchenJob).toMatchObject({ kind: 'kitchen', state: 'queued', provider: 'local' });
    expect(kitchenAnswer.remaining).toBe(LIMIT - 1);
    const made = await alice.finished(kitchenJob.id);
    expect(made).toMatchObject({ state: 'succeeded', error: null });
    expect(Date.parse(made.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));

    const picture = await alice.request(imageUrl(made.resultImageId ?? ''));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toBe('private, no-cache');
    const metadata = await sharp(picture.body as Buffer).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', ...KITCHEN_PHOTO_SIZE });

    const bob = newUser();
    expect((await bob.request(imageUrl(made.resultImageId ?? ''))).status).toBe(404);
    const bobReads = await bob.request(jobPath(jobPaths.job, made.id));
    expect(bobReads.status).toBe(404);
    expect(apiErrorSchema.parse(bobReads.body).code).toBe('JOB_NOT_FOUND');
    expect((await bob.cancel(made.id)).status).toBe(404);
    expect(await alice.remaining()).toBe(LIMIT - 1);
  });

  it('draws the kitchen without an empty room too', async () => {
    const carol = newUser();
    const job = startedJob(await carol.startKitchen({ imageId: await carol.uploadMarked() }));
    expect(await carol.finished(job.id)).toMatchObject({ state: 'succeeded' });
  });
});

describe('POST /kitchen/generate_kitchen', () => {
  it('refuses choices the catalogue does not hold with 400 naming the field, charging nothing', async () => {
    const dave = newUser();
    const imageId = await dave.uploadMarked();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [field, value] of [
      ['frontalId', unknown],
      ['worktopId', unknown],
      ['shape', 'circular'],
    ] as const) {
      const answer = await dave.startKitchen({ imageId, [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.remaining).toBe(LIMIT);
      expect(apiErrorSchema.parse(answer.body)).toMatchObject({ code: 'UNKNOWN_CHOICE' });
      expect(apiErrorSchema.parse(answer.body).message).toMatch(new RegExp(`^${field}:`));
    }
    const malformed = await dave.postJson('/kitchen/generate_kitchen', { ...CHOICES, imageId: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.remaining).toBe(LIMIT);
    expect(apiErrorSchema.parse(malformed.body).message).toMatch(/^imageId:/);
  });

  it("answers 404 for another user's photo or empty room, with the header, charging nothing", async () => {
    const erin = newUser();
    const frank = newUser();
    const erinsPhoto = await erin.uploadMarked();
    const franksPhoto = await frank.uploadMarked();
    const stolenPhoto = await frank.startKitchen({ imageId: erinsPhoto });
    expect(stolenPhoto.status).toBe(404);
    expect(stolenPhoto.remaining).toBe(LIMIT);
    const stolenRoom = await frank.startKitchen({ imageId: franksPhoto, emptyRoomId: erinsPhoto });
    expect(stolenRoom.status).toBe(404);
    expect(apiErrorSchema.parse(stolenRoom.body).message).toMatch(/^emptyRoomId:/);
    expect((await frank.startEmptyRoom(erinsPhoto)).status).toBe(404);
    expect(await frank.remaining()).toBe(LIMIT);
    expect(await erin.remaining()).toBe(LIMIT);
  });

  it('runs out at the limit: 429 with Generations-Remaining 0, and nothing more is charged', async () => {
    const gina = newUser();
    const imageId = await gina.uploadMarked();
    const remainders: (number | null)[] = [];
    // A new photo each time: the same photo and choices again would be answered by the same picture, free.
    for (let i = 0; i < LIMIT; i += 1) {
      const answer = await gina.startKitchen({ imageId: await gina.uploadMarked() });
      startedJob(answer);
      remainders.push(answer.remaining);
      await gina.finished(jobResponseSchema.parse(answer.body).job.id);
    }
    expect(remainders).toEqual([2, 1, 0]);
    const refused = await gina.startKitchen({ imageId });
    expect(refused.status).toBe(429);
    expect(refused.remaining).toBe(0);
    expect(apiErrorSchema.parse(refused.body)).toMatchObject({
      code: 'GENERATION_LIMIT_REACHED',
      message: 'You have used all your generations.',
    });
    // The empty room stays free.
    expect(startedJob(await gina.startEmptyRoom(imageId)).kind).toBe('empty_room');
  }, 60_000);

  it('answers a repeated Idempotency-Key with the same job and charges it once', async () => {
    const hal = newUser();
    const imageId = await hal.uploadMarked();
    const answers = await Promise.all([1, 2, 3].map(() => hal.startKitchen({ imageId }, 'attempt-1')));
    const jobs = answers.map(startedJob);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(1);
    expect(answers.map((answer) => answer.remaining)).toEqual([LIMIT - 1, LIMIT - 1, LIMIT - 1]);
    await hal.finished(jobs[0]?.id ?? '');
    const later = await hal.startKitchen({ imageId }, 'attempt-1');
    expect(startedJob(later)).toMatchObject({ id: jobs[0]?.id, state: 'succeeded' });
    expect(later.remaining).toBe(LIMIT - 1);
    // Another key is another request: of another photo here (the same one again would be answered, free, by
    // the picture already made).
    const fresh = await hal.startKitchen({ imageId: await hal.uploadMarked() }, 'attempt-2');
    expect(startedJob(fresh).id).not.toBe(jobs[0]?.id);
    expect(fresh.remaining).toBe(LIMIT - 2);
    await hal.finished(startedJob(fresh).id);
  });
});

describe('GET /kitchen/generations', () => {
  it("lists the user's own kitchens, newest first, without empty rooms, each with its photo", async () => {
    const ivy = newUser();
    const photos = [await ivy.uploadMarked(), await ivy.uploadMarked()];
    expect(new Set(photos).size).toBe(2);
    const made: { id: string; sourceImageId: string }[] = [];
    for (const [index, imageId] of photos.entries()) {
      const job = startedJob(await ivy.startKitchen({ imageId, hasIsland: index === 0 }));
      made.push({ id: job.id, sourceImageId: imageId });
      await ivy.finished(job.id);
    }
    await ivy.finished(startedJob(await ivy.startEmptyRoom(photos[0] ?? '')).id);
    const history = await ivy.request('/api/v1/kitchen/generations');
    expect(history.status).toBe(200);
    expect(history.remaining).toBe(LIMIT - 2);
    const { jobs } = generationHistorySchema.parse(history.body);
    expect(jobs.map(({ id, sourceImageId }) => ({ id, sourceImageId }))).toEqual([...made].reverse());
    // Each with its choices in words, as the share page names them: the island differs between the two.
    expect(jobs.map((job) => job.choices?.find((choice) => choice.step === 'kitchen-island'))).toEqual([
      { step: 'kitchen-island', name: 'Island', value: 'no', label: 'No island' },
      { step: 'kitchen-island', name: 'Island', value: 'yes', label: 'An island' },
    ]);
    expect(jobs[0]?.choices?.map((choice) => choice.name)).toContain('Door style');
    // An answer from a server that did not list the photo or the choices still parses.
    const older = jobs.map(({ sourceImageId: _, choices: __, ...job }) => job);
    expect(generationHistorySchema.parse({ jobs: older }).jobs).toEqual(older);
    expect(jobs.every((job) => job.state === 'succeeded' && job.resultImageId !== null)).toBe(true);
    const stranger = await newUser().request('/api/v1/kitchen/generations');
    expect(generationHistorySchema.parse(stranger.body).jobs).toEqual([]);
  });
});

describe('GET /kitchen/jobs/:id', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    const jack = newUser();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const answer = await jack.request(jobPath(jobPaths.job, id));
      expect(answer.status).toBe(404);
      // A newcomer's read acts for nobody (no guest is created by a read), so there is no quota to report.
      expect(answer.remaining).toBeNull();
    }
  });
});

describe("the app's generation actors (src/actors) against the real server", () => {
  afterEach(() => vi.unstubAllGlobals());

  const configuration = APP_CONFIGURATION;

  it('empties the room and makes the kitchen, reporting stages in order, then is refused at the limit', async () => {
    const kit = newUser();
    const imageId = await kit.uploadMarked();
    vi.stubGlobal('fetch', kit.sessionFetch());
    const api = createApiClient({ baseUrl: server.origin });
    const stages: GenerationStage[] = [];
    const listener = { send: (event: { stage: GenerationStage }) => stages.push(event.stage) };

    const { emptyRoomId } = await toPromise(
      createActor(fromPromise(generateEmptyRoom(api, 20)), {
        input: { imageId, imageDataUrl: null, listener },
      }).start(),
    );
    const generate = (photo = imageId) =>
      toPromise(
        createActor(fromPromise(generateKitchen(api, 20)), {
          input: { imageId: photo, imageDataUrl: null, emptyRoomId, configuration, listener },
        }).start(),
      );
    stages.length = 0;
    const kitchen = await generate();
    expect(kitchen).toMatchObject({ remainingGenerations: LIMIT - 1, provider: 'local' });
    // Polling sees the stages it happens to catch, always in their real order, starting with `queued`.
    expect(stages[0]).toBe('queued');
    expect([...stages].sort((a, b) => JOB_STAGES.indexOf(a) - JOB_STAGES.indexOf(b))).toEqual(stages);
    const picture = await kit.request(new URL(kitchen.imageUrl).pathname);
    expect(picture.status).toBe(200);

    // Other photos: the same one again would be answered by the same picture, uncharged.
    for (let i = 1; i < LIMIT; i += 1) await generate(await kit.uploadMarked());
    const refused = await generate(await kit.uploadMarked()).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      message: 'You have used all your generations.',
      remainingGenerations: 0,
    });
  }, 60_000);
});
