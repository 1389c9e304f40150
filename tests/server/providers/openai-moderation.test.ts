// OpenAI moderation as a second opinion behind the local nsfw model, against a local fake of
// `POST /v1/moderations`: the exact request, the verdict in every way the endpoint can answer or fail, and the
// image route of the real server, where OpenAI's "flagged" rejects a photo and its outage loses nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runMigrations } from '../../../server/db/migrations';
import { createThreadedModerator } from '../../../server/moderation/moderation-thread';
import type { Moderator } from '../../../server/moderation/moderator';
import {
  OPENAI_MODERATION_DEFAULTS,
  type OpenAiModerationSettings,
  openAiModerationSettingsFromEnv,
  withOpenAiModeration,
} from '../../../server/moderation/openai-moderator';
import { openFreshPglite } from '../../../tooling/fresh-pglite';
import { normalisedKitchen } from '../../../tooling/made-images';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { GenerationClient } from '../generation/generation-client';
import { type FakeOpenAi, FLAGGED_SEXUAL_SCORE, OPENAI_TEST_KEY, startFakeOpenAi } from './fake-openai';
import { jsonOf } from './fake-server';

const NSFW_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'];
const OPENAI_IMAGE_SCORES = [
  'openai:flagged',
  'openai:self-harm',
  'openai:self-harm/instructions',
  'openai:self-harm/intent',
  'openai:sexual',
  'openai:violence',
  'openai:violence/graphic',
];

let fake: FakeOpenAi;
let kitchen: Buffer;
let local: Moderator;
let settings: OpenAiModerationSettings;

beforeAll(async () => {
  [fake, kitchen, local] = await Promise.all([
    startFakeOpenAi(),
    normalisedKitchen({ width: 1920, height: 1280 }),
    createThreadedModerator(),
  ]);
  await local.ready;
  settings = {
    ...OPENAI_MODERATION_DEFAULTS,
    apiKey: OPENAI_TEST_KEY,
    baseUrl: `${fake.origin}/v1`,
    timeoutMs: 500,
    retryBaseDelayMs: 10,
  };
}, 60_000);
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.moderation = 'passes';
});

const moderations = () => fake.to('/v1/moderations');

/** The combined moderator with the warnings it would log. */
function combined(overrides: Partial<OpenAiModerationSettings> = {}, first = local) {
  const warnings: unknown[] = [];
  const moderator = withOpenAiModeration(first, (error) => warnings.push(error), {
    ...settings,
    ...overrides,
  });
  return { moderator, warnings };
}

const sortedKeys = (scores: Record<string, number>) => Object.keys(scores).sort();

describe('OpenAI moderation behind the local model', () => {
  it('sends the photo as one data-URL image to omni-moderation-latest and keeps both sides’ scores', async () => {
    const { moderator, warnings } = combined();
    await moderator.ready;

    const verdict = await moderator.classify({ bytes: kitchen });

    expect(moderations()).toHaveLength(1);
    const [sent] = moderations();
    expect(sent?.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    const body = jsonOf(sent ?? expect.unreachable()) as {
      model: string;
      input: { type: string; image_url: { url: string } }[];
    };
    expect(body.model).toBe('omni-moderation-latest');
    expect(body.input).toHaveLength(1);
    expect(body.input[0]?.type).toBe('image_url');
    const [prefix, data] = (body.input[0]?.image_url.url ?? '').split(',');
    expect(prefix).toBe('data:image/jpeg;base64');
    expect(Buffer.from(data ?? '', 'base64').equals(kitchen)).toBe(true);

    expect(verdict.isSafe).toBe(true);
    expect(sortedKeys(verdict.scores)).toEqual([...NSFW_CLASSES, ...OPENAI_IMAGE_SCORES].sort());
    expect(verdict.scores['openai:flagged']).toBe(0);
    expect(warnings).toEqual([]);
  }, 30_000);

  it('judges a photo unsafe when OpenAI flags it, with its category score', async () => {
    fake.moderation = 'flags';
    const { moderator, warnings } = combined();

    const verdict = await moderator.classify({ bytes: kitchen });

    expect(verdict.isSafe).toBe(false);
    expect(verdict.scores).toMatchObject({ 'openai:flagged': 1, 'openai:sexual': FLAGGED_SEXUAL_SCORE });
    expect(verdict.scores.Neutral).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  }, 30_000);

  it('never sends a photo the local model rejects: its verdict is final', async () => {
    const strict = await createThreadedModerator({ threshold: 0.000_001 });
    const { moderator } = combined({}, strict);

    const verdict = await moderator.classify({ bytes: kitchen });

    expect(verdict.isSafe).toBe(false);
    expect(sortedKeys(verdict.scores)).toEqual(NSFW_CLASSES);
    expect(fake.requests).toEqual([]);
  }, 30_000);

  it('waits out a 429 with retry-after and uses the answer that follows', async () => {
    fake.moderation = 'throttled-once';
    const { moderator, warnings } = combined();

    const verdict = await moderator.classify({ bytes: kitchen });

    expect(moderations()).toHaveLength(2);
    expect(verdict.isSafe).toBe(true);
    expect(verdict.scores).toHaveProperty('openai:sexual');
    expect(warnings).toEqual([]);
  }, 30_000);

  const failures = [
    { moderation: 'throttled', requests: 3, says: '429' },
    { moderation: 'outage', requests: 3, says: '500' },
    { moderation: 'silent', requests: 1, says: 'did not answer in time' },
    { moderation: 'not-json', requests: 1, says: 'could not read' },
    { moderation: 'malformed', requests: 1, says: 'could not read' },
  ] as const;

  it.each(failures)(
    'keeps the local verdict and only warns when OpenAI is $moderation',
    async ({ moderation, requests, says }) => {
      fake.moderation = moderation;
      const { moderator, warnings } = combined();

      const verdict = await moderator.classify({ bytes: kitchen });

      expect(verdict.isSafe).toBe(true);
      expect(sortedKeys(verdict.scores)).toEqual(NSFW_CLASSES);
      expect(moderations()).toHaveLength(requests);
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0])).toContain(says);
    },
    30_000,
  );

  it('keeps the local verdict when the key is refused, without retrying', async () => {
    const { moderator, warnings } = combined({ apiKey: 'sk-revoked' });

    const verdict = await moderator.classify({ bytes: kitchen });

    expect(verdict.isSafe).toBe(true);
    expect(sortedKeys(verdict.scores)).toEqual(NSFW_CLASSES);
    expect(moderations()).toHaveLength(1);
    expect(String(warnings[0])).toContain('401');
  }, 30_000);
});

describe('OpenAI moderation settings', () => {
  it('reads the key and base URL the image provider uses, with the defaults', () => {
    expect(
      openAiModerationSettingsFromEnv({
        OPENAI_API_KEY: ' sk-x ',
        OPENAI_BASE_URL: 'https://gw.example/v1/',
      }),
    ).toEqual({ ...OPENAI_MODERATION_DEFAULTS, apiKey: 'sk-x', baseUrl: 'https://gw.example/v1' });
    expect(openAiModerationSettingsFromEnv({ OPENAI_API_KEY: 'sk-x' }).baseUrl).toBe(
      'https://api.openai.com/v1',
    );
    expect(() => openAiModerationSettingsFromEnv({})).toThrow(/OPENAI_API_KEY/);
  });
});

describe('the image route with OpenAI moderation on', () => {
  const temp = temporaryDir();
  const db = openFreshPglite();
  let server: RunningServer;
  let withoutOpenAi: RunningServer;

  beforeAll(async () => {
    vi.stubEnv('OPENAI_API_KEY', OPENAI_TEST_KEY);
    vi.stubEnv('OPENAI_BASE_URL', `${fake.origin}/v1`);
    const database = await db;
    await runMigrations(database);
    [server, withoutOpenAi] = await Promise.all([
      startServer(testConfig(temp.dir, { moderation: 'nsfw', openAiModeration: true }), { db: database }),
      startServer(testConfig(temp.dir, { moderation: 'nsfw' }), { db: database }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([server?.close(), withoutOpenAi?.close()]);
    await (await db).close();
    vi.unstubAllEnvs();
    temp.remove();
  });

  const upload = (target: RunningServer) => new GenerationClient(target.origin).validate();

  it('answers isSafe: false for a kitchen photo OpenAI flags, and keeps nothing', async () => {
    fake.moderation = 'flags';
    const verdict = await upload(server);
    expect(verdict).toMatchObject({ isSafe: false, imageId: null });
    expect(moderations()).toHaveLength(1);
  }, 60_000);

  it('answers the local verdict (safe, kept) while OpenAI is down', async () => {
    fake.moderation = 'outage';
    const verdict = await upload(server);
    expect(verdict.isSafe).toBe(true);
    expect(verdict.imageId).toEqual(expect.any(String));
    expect(moderations().length).toBeGreaterThan(1);
  }, 60_000);

  it('sends nothing to OpenAI unless MODERATION_OPENAI asks, even with a key set', async () => {
    fake.moderation = 'flags';
    const verdict = await upload(withoutOpenAi);
    expect(verdict.isSafe).toBe(true);
    expect(fake.requests).toEqual([]);
  }, 60_000);
});
