// The app's generation retried against the real server (PGlite, the local renderer): a start whose answer never
// reached the app, though the server made the job, is retried under the same Idempotency-Key, so the server
// holds one job and one charge; a generation that ended makes the same choices again a new one, with a new key.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { API_PREFIX, actionPaths } from '../../contract/endpoints';
import { generationHistorySchema, IDEMPOTENCY_KEY_HEADER, jobPaths } from '../../contract/generation';
import type { GenerateKitchenInput } from '../../machines/kitchen/actors';
import { generateKitchen } from '../../src/actors/generate-kitchen';
import { createApiClient } from '../../src/api/client';
import { GenerationKeys } from '../../src/api/generation-keys';
import { REQUEST_FAILED_MESSAGE } from '../../src/api/request-errors';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../tooling/server';
import { APP_CONFIGURATION, GenerationClient } from '../server/generation/generation-client';

const LIMIT = 5;
/** Long enough for any real answer on a busy machine; only the swallowed answer ever waits it out. */
const CLIENT_TIMEOUT_MS = 8_000;

const temp = temporaryDir('kr-app-retry-');
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(testConfig(temp.dir, { generationLimit: LIMIT }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  temp.remove();
});
afterEach(() => vi.unstubAllGlobals());

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * The browser's fetch for one session, recording each generation start's key. While `swallowNextStart` is set,
 * the next start is sent and fully answered by the server, but the app never sees the answer: its request hangs
 * until the app's own timeout aborts it.
 */
function sessionWithLostAnswer(visitor: GenerationClient) {
  const sessionFetch = visitor.sessionFetch();
  const startKeys: string[] = [];
  const state = { swallowNextStart: false };
  const fetchWithLoss: typeof fetch = async (input, init) => {
    if (!urlOf(input).endsWith(actionPaths.generateKitchen)) return sessionFetch(input, init);
    startKeys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) ?? '');
    if (!state.swallowNextStart) return sessionFetch(input, init);
    state.swallowNextStart = false;
    const { signal, ...unsignalled } = init ?? {};
    const answered = await sessionFetch(input, unsignalled);
    await answered.arrayBuffer();
    return new Promise<Response>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  };
  return { fetchWithLoss, startKeys, state };
}

/** A visitor with an uploaded photo, and the app's generation as its page would run it (one key store). */
async function appSession() {
  const visitor = new GenerationClient(server.origin);
  const imageId = await visitor.uploadMarked();
  const { fetchWithLoss, startKeys, state } = sessionWithLostAnswer(visitor);
  vi.stubGlobal('fetch', fetchWithLoss);
  const api = createApiClient({ baseUrl: server.origin, timeoutMs: CLIENT_TIMEOUT_MS });
  const keys = new GenerationKeys();
  const input: GenerateKitchenInput = {
    imageId,
    imageDataUrl: null,
    emptyRoomId: null,
    configuration: APP_CONFIGURATION,
    listener: { send: () => {} },
  };
  const generate = () =>
    toPromise(createActor(fromPromise(generateKitchen(api, 20, keys)), { input }).start());
  const kitchenJobs = async () => {
    const answer = await visitor.request(`${API_PREFIX}${jobPaths.history}`);
    return generationHistorySchema.parse(answer.body).jobs;
  };
  return { visitor, startKeys, state, generate, kitchenJobs };
}

describe('a generation retried after its answer was lost', () => {
  it('reuses the Idempotency-Key, so the server makes one job and charges once; a new generation gets a new key', async () => {
    const { visitor, startKeys, state, generate, kitchenJobs } = await appSession();

    state.swallowNextStart = true;
    const lost = await generate().catch((error: unknown) => error);
    expect(lost).toMatchObject({ message: REQUEST_FAILED_MESSAGE, refusal: null });
    // The server did make the job and charge for it; the app only never heard.
    expect(await kitchenJobs()).toHaveLength(1);
    expect(await visitor.remaining()).toBe(LIMIT - 1);

    const retried = await generate();
    expect(startKeys).toHaveLength(2);
    expect(startKeys[1]).toBe(startKeys[0]);
    const jobs = await kitchenJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'succeeded' });
    expect(retried.imageUrl).toBe(`${server.origin}${API_PREFIX}/images/${jobs[0]?.resultImageId}`);
    expect(retried.remainingGenerations).toBe(LIMIT - 1);
    expect(await visitor.remaining()).toBe(LIMIT - 1);

    // That generation is over: the same choices again are a new request with a new key; offline the same photo
    // and choices make the same picture, so the server answers the earlier kitchen and charges nothing (issue 22).
    const again = await generate();
    expect(startKeys).toHaveLength(3);
    expect(startKeys[2]).not.toBe(startKeys[0]);
    expect(again.imageUrl).toBe(retried.imageUrl);
    expect(again.remainingGenerations).toBe(LIMIT - 1);
    expect(await kitchenJobs()).toHaveLength(1);
  }, 90_000);

  it('sent a dozen times at once (impatient clicks), still makes one job and charges once', async () => {
    const { visitor, startKeys, generate, kitchenJobs } = await appSession();
    const results = await Promise.all(Array.from({ length: 12 }, generate));
    expect(new Set(startKeys).size).toBe(1);
    expect(new Set(results.map(({ imageUrl }) => imageUrl)).size).toBe(1);
    expect(await kitchenJobs()).toHaveLength(1);
    expect(await visitor.remaining()).toBe(LIMIT - 1);
  }, 90_000);
});
