// Each adapter behind the real server: registered in the provider registry as the lead wires them, selected by
// `GENERATION_PROVIDER`, reached through the real job runner, PGlite and image store. A picture is stored and
// charged; a refusal fails the job with the user's message and gives the quota unit back.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../contract/images';
import type { Database } from '../../../server/db/database';
import type { GenerationProvider } from '../../../server/generation/provider';
import { registerGenerationProvider } from '../../../server/generation/provider-registry';
import {
  COMFYUI_DEFAULTS,
  createComfyUiProvider,
} from '../../../server/generation/providers/comfyui/comfyui-provider';
import { loadWorkflow } from '../../../server/generation/providers/comfyui/workflow';
import { PROVIDER_MESSAGES } from '../../../server/generation/providers/messages';
import {
  createOpenAiProvider,
  OPENAI_DEFAULTS,
} from '../../../server/generation/providers/openai/openai-provider';
import {
  createReplicateProvider,
  REPLICATE_DEFAULTS,
} from '../../../server/generation/providers/replicate/replicate-provider';
import { openMigratedPglite } from '../../../tooling/fresh-pglite';
import { knownKitchen } from '../../../tooling/known-kitchens';
import type { KitchenWithMasks } from '../../../tooling/known-masks';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { GenerationClient, startedJob } from '../generation/generation-client';
import { type FakeComfyUi, startFakeComfyUi } from './fake-comfyui';
import { type FakeOpenAi, OPENAI_TEST_KEY, startFakeOpenAi } from './fake-openai';
import {
  type FakeReplicate,
  FLUX_FILL_PATH,
  REPLICATE_TEST_TOKEN,
  startFakeReplicate,
} from './fake-replicate';
import { type FakeServer, jsonOf } from './fake-server';

const LIMIT = 3;

interface Case<Fake extends FakeServer & { behaviour: string }> {
  name: string;
  start: () => Promise<Fake>;
  provider: (fake: Fake) => GenerationProvider;
  draws: Fake['behaviour'];
  refuses: Fake['behaviour'];
  message: string;
}

const openai: Case<FakeOpenAi> = {
  name: 'openai',
  start: startFakeOpenAi,
  provider: (fake) =>
    createOpenAiProvider({ ...OPENAI_DEFAULTS, apiKey: OPENAI_TEST_KEY, baseUrl: `${fake.origin}/v1` }),
  draws: 'draws',
  refuses: 'refuses',
  message: PROVIDER_MESSAGES.refused,
};
const replicate: Case<FakeReplicate> = {
  name: 'replicate',
  start: startFakeReplicate,
  provider: (fake) =>
    createReplicateProvider({
      ...REPLICATE_DEFAULTS,
      apiToken: REPLICATE_TEST_TOKEN,
      baseUrl: `${fake.origin}/v1`,
      pollIntervalMs: 10,
    }),
  draws: 'answers-later',
  refuses: 'refuses',
  message: PROVIDER_MESSAGES.refused,
};
const comfyui: Case<FakeComfyUi> = {
  name: 'comfyui',
  start: startFakeComfyUi,
  provider: (fake) =>
    createComfyUiProvider({
      ...COMFYUI_DEFAULTS,
      baseUrls: [fake.origin],
      workflow: loadWorkflow(),
      inpaintWorkflow: loadWorkflow(undefined, 'inpaint'),
      pollIntervalMs: 10,
    }),
  draws: 'runs',
  refuses: 'run-fails',
  message: PROVIDER_MESSAGES.failed,
};

let db: Database;
const temp = temporaryDir();

beforeAll(async () => {
  db = await openMigratedPglite();
}, 60_000);

afterAll(async () => {
  await db?.close();
  temp.remove();
});

describe.each([openai, replicate, comfyui] as Case<FakeServer & { behaviour: string }>[])(
  'GENERATION_PROVIDER=$name through the job runner',
  (adapter) => {
    let fake: FakeServer & { behaviour: string };
    let server: RunningServer;

    beforeAll(async () => {
      fake = await adapter.start();
      registerGenerationProvider(adapter.name, () => adapter.provider(fake));
      server = await startServer(
        testConfig(temp.dir, { generationLimit: LIMIT, generationProvider: adapter.name }),
        { db },
      );
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('stores the picture it draws and charges one generation', async () => {
      fake.behaviour = adapter.draws;
      const user = new GenerationClient(server.origin);
      const imageId = await user.upload();
      const job = startedJob(await user.startKitchen({ imageId }));
      expect(job.provider).toBe(adapter.name);

      const done = await user.finished(job.id);
      expect(done).toMatchObject({ state: 'succeeded', error: null });
      const picture = await user.request(imageUrl(done.resultImageId ?? ''));
      expect(picture.status).toBe(200);
      expect((await sharp(picture.body as Buffer).metadata()).format).toBe('jpeg');
      expect(await user.remaining()).toBe(LIMIT - 1);
    });

    it('fails the job with the user’s message and gives the quota unit back', async () => {
      fake.behaviour = adapter.refuses;
      const user = new GenerationClient(server.origin);
      const imageId = await user.upload();
      const started = await user.startKitchen({ imageId });
      expect(started.remaining).toBe(LIMIT - 1);

      const done = await user.finished(startedJob(started).id);
      expect(done.state).toBe('failed');
      expect(done.error).toContain(adapter.message);
      expect(done.error).toContain('not charged');
      expect(await user.remaining()).toBe(LIMIT);
    });
  },
);

describe('a provider picture is checked like an upload', () => {
  let fake: FakeReplicate;
  let server: RunningServer;

  beforeAll(async () => {
    fake = await startFakeReplicate();
    registerGenerationProvider('replicate-oversized', () => replicate.provider(fake));
    server = await startServer(
      testConfig(temp.dir, { generationLimit: LIMIT, generationProvider: 'replicate-oversized' }),
      { db },
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('fails a job whose picture is past the pixel cap, and gives the quota unit back', async () => {
    fake.behaviour = 'draws-too-many-pixels';
    const user = new GenerationClient(server.origin);
    const imageId = await user.upload();
    const done = await user.finished(startedJob(await user.startKitchen({ imageId })).id);
    expect(done.state).toBe('failed');
    // 5000 wide; the adapter fits the height to the photo's aspect first.
    expect(done.error).toMatch(/a picture of 5000x\d+ pixels, more than we accept/);
    expect(done.error).toContain('not charged');
    expect(await user.remaining()).toBe(LIMIT);
  });
});

describe('generate again with a paid provider and marked surfaces', () => {
  let fake: FakeReplicate;
  let server: RunningServer;
  let kitchen: KitchenWithMasks;

  beforeAll(async () => {
    [fake, kitchen] = await Promise.all([startFakeReplicate(), knownKitchen({ width: 800 })]);
    registerGenerationProvider('replicate-marked', () => replicate.provider(fake));
    server = await startServer(
      testConfig(temp.dir, { generationLimit: LIMIT, generationProvider: 'replicate-marked' }),
      { db },
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('inpaints a new variation each time (another seed) and charges each', async () => {
    fake.behaviour = 'answers-at-once';
    const user = new GenerationClient(server.origin);
    const imageId = await user.upload(Buffer.from(kitchen.picture.bytes));
    await user.markSurfaces(imageId, kitchen.masks);
    const first = await user.startKitchen({ imageId });
    const again = await user.startKitchen({ imageId });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect([first.remaining, again.remaining]).toEqual([LIMIT - 1, LIMIT - 2]);
    const jobs = await Promise.all([first, again].map((answer) => user.finished(startedJob(answer).id)));
    expect(jobs.map((job) => job.state)).toEqual(['succeeded', 'succeeded']);
    expect(new Set(jobs.map((job) => job.resultImageId)).size).toBe(2);
    const seeds = fake
      .to(FLUX_FILL_PATH)
      .map((request) => (jsonOf(request) as { input: { seed: number } }).input.seed);
    expect(seeds).toHaveLength(2);
    expect(new Set(seeds).size).toBe(2);
    // The stored result is the photo's size: pasted back into it in the runner's picture thread.
    const picture = await user.request(imageUrl(jobs[0]?.resultImageId ?? ''));
    expect(await sharp(picture.body as Buffer).metadata()).toMatchObject({ width: 800, height: 600 });
  });
});
