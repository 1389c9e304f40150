// The generation actors against a local server that plays the job contract (contract/generation.ts): a job
// that moves one stage per poll, one that fails, a refused request, and a cancel.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { GenerationJob, JobState } from '../../contract/generation';
import type { GenerateKitchenInput, KitchenConfiguration } from '../../machines/kitchen/actors';
import type { GenerationStage } from '../../machines/kitchen/context';
import { generateEmptyRoom } from '../../src/actors/generate-empty-room';
import { generateKitchen } from '../../src/actors/generate-kitchen';
import { type ApiClient, createApiClient } from '../../src/api/client';
import { type LocalServer, startLocalServer } from './support/local-server';

const RESULT_ID = '0b6f2c1e-8a4d-4c3b-9e2f-1a2b3c4d5e6f';
const UPLOADED_ID = '5d7e9f10-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const PROGRESSION: JobState[] = ['queued', 'preparing', 'rendering', 'finishing', 'succeeded'];

interface Recorded {
  idempotencyKeys: string[];
  bodies: Record<string, unknown>[];
  cancelled: string[];
  uploads: number;
}

describe('generation jobs', () => {
  let local: LocalServer;
  let api: ApiClient;
  const recorded: Recorded = { idempotencyKeys: [], bodies: [], cancelled: [], uploads: 0 };
  /** Each job's scripted states; a poll moves it one step on. */
  const scripts = new Map<string, { states: JobState[]; error: string | null }>();

  const jobOf = (id: string): GenerationJob => {
    const script = scripts.get(id);
    const state = script?.states[0] ?? 'failed';
    return {
      id,
      kind: 'kitchen',
      state,
      resultImageId: state === 'succeeded' ? RESULT_ID : null,
      error: state === 'failed' ? (script?.error ?? 'Lost.') : null,
      provider: 'local',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
  };

  beforeAll(async () => {
    local = await startLocalServer((app) => {
      // The upload's bytes do not matter here (the real server's check is tested in api-client.test.ts).
      app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
        request.raw.resume();
        done(null, {});
      });
      const start = (request: { headers: Record<string, unknown>; body: unknown }) => {
        recorded.idempotencyKeys.push(String(request.headers['idempotency-key']));
        recorded.bodies.push(request.body as Record<string, unknown>);
        const hasIsland = (request.body as { hasIsland?: boolean }).hasIsland;
        const id = randomUUID();
        // A kitchen without an island is scripted to fail, so one server serves both stories.
        scripts.set(
          id,
          hasIsland === false
            ? { states: ['queued', 'rendering', 'failed'], error: 'The renderer gave up.' }
            : { states: [...PROGRESSION], error: null },
        );
        return id;
      };
      app.post('/api/v1/kitchen/generate_kitchen', async (request, reply) => {
        if ((request.body as { shape?: string }).shape === 'refused') {
          return reply
            .code(429)
            .header('Generations-Remaining', '0')
            .send({ statusCode: 429, error: 'Too Many Requests', message: 'No generations left.' });
        }
        return reply.header('Generations-Remaining', '4').send({ job: jobOf(start(request)) });
      });
      app.post('/api/v1/kitchen/generate_empty_room', async (request) => ({ job: jobOf(start(request)) }));
      app.get('/api/v1/kitchen/jobs/:id', async (request, reply) => {
        const { id } = request.params as { id: string };
        const script = scripts.get(id);
        if (script && script.states.length > 1) script.states.shift();
        return reply.header('Generations-Remaining', script?.states[0] === 'failed' ? '5' : '4').send({
          job: jobOf(id),
        });
      });
      app.post('/api/v1/kitchen/jobs/:id/cancel', async (request) => {
        recorded.cancelled.push((request.params as { id: string }).id);
        return { job: jobOf((request.params as { id: string }).id) };
      });
      app.post('/api/v1/image/validate_image_content', async () => {
        recorded.uploads += 1;
        return { isSafe: true, imageId: UPLOADED_ID, width: 10, height: 10 };
      });
    });
    api = createApiClient({ baseUrl: local.origin });
  });
  afterAll(() => local?.close());

  const configuration = (overrides: Partial<KitchenConfiguration> = {}): KitchenConfiguration => ({
    doorStyleGroup: 'Shaker',
    isHandleless: false,
    finish: 'Matt',
    frontalColourGroup: 'Greens',
    frontal: {
      id: '3f1b8a52-6c1e-5d2a-9b7e-1a2b3c4d5e6f',
      colour: 'Sage',
      primary_hex: '#9CAF88',
      image_url: '/s.webp',
    },
    material: 'Quartz',
    worktopColourGroup: 'Whites',
    worktopColour: { colour: 'Carrara' },
    worktop: { id: 'c1d2e3f4-a5b6-5c7d-8e9f-0a1b2c3d4e5f', finish: 'Polished' },
    shape: 'l-shaped',
    hasIsland: true,
    ...overrides,
  });

  const kitchenInput = (stages: GenerationStage[], overrides: Partial<KitchenConfiguration> = {}) =>
    ({
      imageId: UPLOADED_ID,
      imageDataUrl: null,
      emptyRoomId: RESULT_ID,
      configuration: configuration(overrides),
      listener: { send: (event) => stages.push(event.stage) },
    }) satisfies GenerateKitchenInput;

  const generate = (input: GenerateKitchenInput) =>
    toPromise(createActor(fromPromise(generateKitchen(api, 5)), { input }).start());

  it('follows the job through each stage to the image, with the remaining count from the header', async () => {
    const stages: GenerationStage[] = [];
    const result = await generate(kitchenInput(stages));
    expect(stages).toEqual(['queued', 'preparing', 'rendering', 'finishing']);
    expect(result).toEqual({
      imageUrl: `${local.origin}/api/v1/images/${RESULT_ID}`,
      remainingGenerations: 4,
      provider: 'local',
    });
    expect(recorded.bodies.at(-1)).toEqual({
      imageId: UPLOADED_ID,
      emptyRoomId: RESULT_ID,
      frontalId: '3f1b8a52-6c1e-5d2a-9b7e-1a2b3c4d5e6f',
      worktopId: 'c1d2e3f4-a5b6-5c7d-8e9f-0a1b2c3d4e5f',
      shape: 'l-shaped',
      hasIsland: true,
    });
  });

  it('sends a fresh Idempotency-Key with each attempt', async () => {
    await generate(kitchenInput([]));
    const [first, second] = recorded.idempotencyKeys.slice(-2);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).not.toBe(first);
  });

  it('rejects a failed job with its message and the count the server reported last', async () => {
    const stages: GenerationStage[] = [];
    const error = await generate(kitchenInput(stages, { hasIsland: false })).catch((e) => e);
    expect(error).toMatchObject({ message: 'The renderer gave up.', remainingGenerations: 5 });
    expect(stages).toEqual(['queued', 'rendering']);
  });

  it("rejects a refused request with the server's message and its Generations-Remaining header", async () => {
    const error = await generate(kitchenInput([], { shape: 'refused' })).catch((e) => e);
    expect(error).toMatchObject({ message: 'No generations left.', remainingGenerations: 0 });
  });

  it('cancels the job on the server when the machine stops the generation', async () => {
    const stages: GenerationStage[] = [];
    const actor = createActor(fromPromise(generateKitchen(api, 200)), {
      input: kitchenInput(stages),
    }).start();
    await expect.poll(() => stages.length).toBeGreaterThan(0);
    actor.stop();
    await expect.poll(() => recorded.cancelled.length).toBe(1);
    expect(scripts.has(recorded.cancelled[0] ?? '')).toBe(true);
  });

  it('uploads a photo whose verdict came from the cache before emptying the room', async () => {
    const uploadsBefore = recorded.uploads;
    const output = await toPromise(
      createActor(fromPromise(generateEmptyRoom(api, 5)), {
        input: {
          imageId: null,
          imageDataUrl: 'data:image/jpeg;base64,/9j/2wBDAA',
          listener: { send: () => {} },
        },
      }).start(),
    );
    expect(recorded.uploads - uploadsBefore).toBe(1);
    expect(recorded.bodies.at(-1)).toEqual({ imageId: UPLOADED_ID });
    expect(output).toEqual({ emptyRoomId: RESULT_ID });
  });
});
