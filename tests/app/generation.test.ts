// The generation actors against a local server that plays the job contract (contract/generation.ts): a job
// that moves one stage per poll, one that fails, a refused request, and a cancel.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { GenerationJob, JobState } from '../../contract/generation';
import { type LimitRefusalCode, limitRefusalCodes } from '../../contract/refusals';
import type {
  GenerateKitchenInput,
  GenerationStage,
  KitchenConfiguration,
} from '../../machines/kitchen/actors';
import { generateEmptyRoom } from '../../src/actors/generate-empty-room';
import { generateKitchen } from '../../src/actors/generate-kitchen';
import { type ApiClient, createApiClient } from '../../src/api/client';
import { GenerationKeys } from '../../src/api/generation-keys';
import { validateImageContent } from '../../src/api/images';
import { REFUSAL_FALLBACK_MESSAGES } from '../../src/api/refusal-messages';
import { ApiHttpError, REQUEST_FAILED_MESSAGE } from '../../src/api/request-errors';
import { type LocalServer, startLocalServer } from './support/local-server';

const RESULT_ID = '0b6f2c1e-8a4d-4c3b-9e2f-1a2b3c4d5e6f';
const UPLOADED_ID = '5d7e9f10-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const PROGRESSION: JobState[] = ['queued', 'preparing', 'rendering', 'finishing', 'succeeded'];

interface Refusal {
  code: LimitRefusalCode;
  status: number;
  message: string | null;
  /** Seconds, or an HTTP date 120 s ahead. */
  retryAfter: string | null;
}

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
  /** The limit refusals of contract/refusals.ts as the server sends them; some without a message or a wait. */
  const refusals: Refusal[] = [
    { code: 'GENERATION_LIMIT_REACHED', status: 429, message: 'You have used all 5.', retryAfter: null },
    {
      code: 'NETWORK_LIMIT_REACHED',
      status: 429,
      message: 'Your network is done today.',
      retryAfter: '3600',
    },
    { code: 'DAILY_BUDGET_REACHED', status: 503, message: null, retryAfter: '7200' },
    { code: 'TOO_MANY_JOBS', status: 429, message: null, retryAfter: null },
    { code: 'IMAGE_SERVICE_BUSY', status: 503, message: 'Busy, try in a minute.', retryAfter: 'date+120' },
    { code: 'STORAGE_LIMIT_REACHED', status: 413, message: 'Your storage is full.', retryAfter: null },
  ];
  let uploadRefusal: Refusal | null = null;
  const refuse = (reply: FastifyReply, { code, status, message, retryAfter }: Refusal) => {
    if (retryAfter === 'date+120') reply.header('Retry-After', new Date(Date.now() + 120_000).toUTCString());
    else if (retryAfter !== null) reply.header('Retry-After', retryAfter);
    return reply
      .code(status)
      .send({ statusCode: status, error: 'Refused', code, ...(message && { message }) });
  };
  /** Answers a start by its shape; undefined lets the start through. */
  const mishaps: Record<string, (reply: FastifyReply, key: string) => unknown> = {
    // A gateway in front of the server gave up: the request may have reached the server.
    'bad-gateway': (reply) => reply.code(502).type('text/html').send('<h1>502 Bad Gateway</h1>'),
    // The server never answers: the client's timeout ends the wait.
    silent: () => new Promise(() => {}),
  };
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
        const { shape = '' } = request.body as { shape?: string };
        const key = String(request.headers['idempotency-key']);
        recorded.idempotencyKeys.push(key);
        if (shape === 'refused') {
          return reply.code(429).header('Generations-Remaining', '0').send({
            statusCode: 429,
            error: 'Too Many Requests',
            code: 'GENERATION_LIMIT_REACHED',
            message: 'No generations left.',
          });
        }
        // Scripted mishaps, named by the shape.
        const refusal = refusals.find(({ code }) => code === shape);
        if (refusal) return refuse(reply, refusal);
        const mishap = mishaps[shape];
        if (mishap) {
          const answered = await mishap(reply, key);
          if (answered) return answered;
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
      app.post('/api/v1/image/validate_image_content', async (_request, reply) => {
        recorded.uploads += 1;
        if (uploadRefusal) return refuse(reply, uploadRefusal);
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
    choices: [{ step: 'splashback', value: 'tiles', label: 'Tiles' }],
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
      choices: [{ step: 'splashback', value: 'tiles', label: 'Tiles' }],
    });
  });

  describe('the Idempotency-Key belongs to the generation, not the request', () => {
    const keys = new GenerationKeys();
    const attempt = (overrides: Partial<KitchenConfiguration>, client = api) =>
      toPromise(
        createActor(fromPromise(generateKitchen(client, 5, keys)), {
          input: kitchenInput([], overrides),
        }).start(),
      ).catch((error: unknown) => error);
    const lastKeys = (count: number) => recorded.idempotencyKeys.slice(-count);

    it('keeps the key of a start that got no answer, for the retry of the same choices', async () => {
      const impatient = createApiClient({ baseUrl: local.origin, timeoutMs: 300 });
      expect(await attempt({ shape: 'silent' }, impatient)).toMatchObject({
        message: REQUEST_FAILED_MESSAGE,
      });
      await attempt({ shape: 'silent' }, impatient);
      const [first, retry] = lastKeys(2);
      expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(retry).toBe(first);
    });

    it('keeps the key past a gateway error, which may have let the start through', async () => {
      expect(await attempt({ shape: 'bad-gateway' })).toMatchObject({ refusal: null });
      await attempt({ shape: 'bad-gateway' });
      const [first, retry] = lastKeys(2);
      expect(retry).toBe(first);
    });

    it('uses a new key for other choices, after a refusal and after a success', async () => {
      await attempt({ shape: 'silent' }, createApiClient({ baseUrl: local.origin, timeoutMs: 300 }));
      await attempt({ shape: 'bad-gateway' });
      await attempt({ shape: 'refused' });
      await attempt({ shape: 'refused' });
      await attempt({});
      await attempt({});
      const [silent, gateway, refused, refusedAgain, succeeded, succeededAgain] = lastKeys(6);
      expect(new Set([silent, gateway, refused, refusedAgain, succeeded, succeededAgain]).size).toBe(6);
    });
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

  describe('a refusal for one of the limits', () => {
    const expectedWait = ({ retryAfter }: Refusal) =>
      retryAfter === null ? null : retryAfter === 'date+120' ? expect.any(Number) : Number(retryAfter) * 1000;

    it('covers every refusal code of the contract', () => {
      expect(refusals.map(({ code }) => code).sort()).toEqual([...limitRefusalCodes].sort());
    });

    it.each(refusals)(
      'rejects a generation refused with $code as a refusal, in the words for the person',
      async (refusal) => {
        const error = await generate(kitchenInput([], { shape: refusal.code })).catch((e) => e);
        expect(error).toMatchObject({
          message: refusal.message ?? REFUSAL_FALLBACK_MESSAGES[refusal.code],
          refusal: { retryAfterMs: expectedWait(refusal) },
        });
        if (refusal.retryAfter === 'date+120') {
          // An HTTP date is read as the seconds until then.
          expect(error.refusal.retryAfterMs).toBeGreaterThan(100_000);
          expect(error.refusal.retryAfterMs).toBeLessThanOrEqual(121_000);
        }
      },
    );

    it.each(refusals)(
      'reads an upload refused with $code with its status, code and message',
      async (refusal) => {
        uploadRefusal = refusal;
        try {
          const error = await validateImageContent(api, 'data:image/jpeg;base64,/9j/2wBDAA').catch((e) => e);
          expect(error).toBeInstanceOf(ApiHttpError);
          expect(error).toMatchObject({
            status: refusal.status,
            code: refusal.code,
            isLimitRefusal: true,
            message: refusal.message ?? REFUSAL_FALLBACK_MESSAGES[refusal.code],
          });
          // The same refusal during a generation's own upload (a verdict from the cache) refuses the generation.
          const failure = await generate({
            ...kitchenInput([]),
            imageId: null,
            imageDataUrl: 'data:image/jpeg;base64,/9j/2wBDAA',
          }).catch((e) => e);
          expect(failure).toMatchObject({
            message: error.message,
            refusal: { retryAfterMs: expectedWait(refusal) },
          });
        } finally {
          uploadRefusal = null;
        }
      },
    );

    it('is not mistaken for a refusal when the code is another', async () => {
      const error = await generate(kitchenInput([], { shape: 'bad-gateway' })).catch((e) => e);
      expect(error).toMatchObject({ message: 'The server answered 502 Bad Gateway', refusal: null });
    });
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
    // A paid provider charges for emptying the room too: the count the server reported last comes along.
    expect(output).toEqual({ emptyRoomId: RESULT_ID, remainingGenerations: 4 });
  });
});
