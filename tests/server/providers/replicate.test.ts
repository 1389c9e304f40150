// The Replicate adapter against a local fake of the predictions API: `Prefer: wait`, polling, downloading the
// output at once, retries as the clients do them (429 always, 5xx on GET only), and a clear message for each
// way a prediction can fail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GenerationFailure, JobHandedBack, type ProviderImage } from '../../../server/generation/provider';
import { PROVIDER_MESSAGES } from '../../../server/generation/providers/messages';
import { emptyRoomPrompt, kitchenPrompt } from '../../../server/generation/providers/prompt';
import {
  createReplicateProvider,
  REPLICATE_DEFAULTS,
  type ReplicateSettings,
  replicateSettingsFromEnv,
} from '../../../server/generation/providers/replicate/replicate-provider';
import { ServiceFailure } from '../../../server/outbound/service-failure';
import {
  type FakeReplicate,
  FLUX_KONTEXT_PATH,
  REPLICATE_TEST_TOKEN,
  startFakeReplicate,
} from './fake-replicate';
import { jsonOf } from './fake-server';
import {
  expectPhotoShaped,
  kitchenRequest,
  recordingContext,
  requestsArrived,
  storedPhoto,
} from './provider-support';

let fake: FakeReplicate;
let photo: ProviderImage;
let settings: ReplicateSettings;

beforeAll(async () => {
  [fake, photo] = await Promise.all([startFakeReplicate(), storedPhoto()]);
  settings = {
    ...REPLICATE_DEFAULTS,
    apiToken: REPLICATE_TEST_TOKEN,
    baseUrl: `${fake.origin}/v1`,
    pollIntervalMs: 10,
    retryBaseDelayMs: 10,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.behaviour = 'answers-at-once';
});

const creates = () => fake.to(FLUX_KONTEXT_PATH);
const polls = () => fake.requests.filter((request) => /^\/v1\/predictions\/[^/]+$/.test(request.url));
const cancels = () => fake.requests.filter((request) => request.url.endsWith('/cancel'));
const downloads = () => fake.requests.filter((request) => request.url.startsWith('/files/'));

describe('the replicate provider', () => {
  it('creates a flux-kontext prediction with Prefer: wait and downloads its output at once', async () => {
    const provider = createReplicateProvider(settings);
    const context = recordingContext();
    const request = kitchenRequest(photo);

    const kitchen = await provider.kitchen(request, context);

    expect(provider.name).toBe('replicate');
    expect(creates()).toHaveLength(1);
    const [sent] = creates();
    expect(sent?.method).toBe('POST');
    expect(sent?.headers).toMatchObject({
      authorization: `Bearer ${REPLICATE_TEST_TOKEN}`,
      prefer: 'wait',
      'content-type': 'application/json',
    });
    expect(jsonOf(sent ?? expect.unreachable())).toEqual({
      input: {
        prompt: kitchenPrompt(request),
        input_image: `data:image/jpeg;base64,${photo.bytes.toString('base64')}`,
        aspect_ratio: 'match_input_image',
        output_format: 'png',
        safety_tolerance: 2,
      },
    });
    expect(polls()).toHaveLength(0);
    expect(downloads()).toHaveLength(1);
    // The file host is not the API: the token stays with the API.
    expect(downloads()[0]?.headers.authorization).toBeUndefined();
    await expectPhotoShaped(kitchen, photo);
    expect(context.stages).toEqual(['rendering', 'finishing']);
  });

  it('polls a prediction that outlives the wait until it succeeds', async () => {
    fake.behaviour = 'answers-later';
    const empty = await createReplicateProvider(settings).emptyRoom({ photo }, recordingContext());
    expect((jsonOf(creates()[0] ?? expect.unreachable()) as { input: { prompt: string } }).input.prompt).toBe(
      emptyRoomPrompt(),
    );
    expect(polls().length).toBeGreaterThanOrEqual(2);
    expect(polls().every((poll) => poll.method === 'GET')).toBe(true);
    await expectPhotoShaped(empty, photo);
  });

  it('sends a community model version to /v1/predictions', async () => {
    const version = 'a'.repeat(64);
    const community = createReplicateProvider({ ...settings, model: `someone/interior:${version}` });
    await expect(community.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      /Replicate answered 404 to \/v1\/predictions/,
    );
    const [sent] = fake.to('/v1/predictions');
    expect(jsonOf(sent ?? expect.unreachable())).toMatchObject({
      version,
      input: { aspect_ratio: 'match_input_image' },
    });
  });

  it('retries a throttled create after its Retry-After, then succeeds', async () => {
    fake.behaviour = 'throttled-once';
    const kitchen = await createReplicateProvider(settings).kitchen(
      kitchenRequest(photo),
      recordingContext(),
    );
    expect(creates()).toHaveLength(2);
    await expectPhotoShaped(kitchen, photo);
  });

  it('says the service is busy when throttling outlasts the retries', async () => {
    fake.behaviour = 'throttled';
    const quick = createReplicateProvider({ ...settings, retries: 1 });
    await expect(quick.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      new ServiceFailure(PROVIDER_MESSAGES.busy),
    );
    expect(creates()).toHaveLength(2);
  });

  it('does not repeat a create that met a 5xx (it could start a second paid prediction)', async () => {
    fake.behaviour = 'outage-on-create';
    await expect(
      createReplicateProvider(settings).kitchen(kitchenRequest(photo), recordingContext()),
    ).rejects.toThrow(new ServiceFailure(PROVIDER_MESSAGES.outage));
    expect(creates()).toHaveLength(1);
  });

  it('retries a poll that met a 5xx', async () => {
    fake.behaviour = 'outage-on-poll-once';
    const kitchen = await createReplicateProvider(settings).kitchen(
      kitchenRequest(photo),
      recordingContext(),
    );
    await expectPhotoShaped(kitchen, photo);
  });

  it('gives up after its time limit when the service never answers', async () => {
    fake.behaviour = 'silent';
    const hasty = createReplicateProvider({ ...settings, createTimeoutMs: 300 });
    await expect(hasty.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      new ServiceFailure(PROVIDER_MESSAGES.timeout),
    );
  });

  it('refuses an output past the byte cap while it streams', async () => {
    fake.behaviour = 'draws-too-many-bytes';
    const provider = createReplicateProvider(settings);
    const answer = provider.kitchen(kitchenRequest(photo), recordingContext());
    await expect(answer).rejects.toThrow(ServiceFailure);
    await expect(answer).rejects.toThrow(/more than we accept/);
  });

  it('tells the user about a safety refusal kindly', async () => {
    fake.behaviour = 'refuses';
    await expect(
      createReplicateProvider(settings).kitchen(kitchenRequest(photo), recordingContext()),
    ).rejects.toThrow(new GenerationFailure(PROVIDER_MESSAGES.refused));
  });

  it.each(['not-json', 'no-output'] as const)(
    'reports a malformed answer (%s) clearly',
    async (behaviour) => {
      fake.behaviour = behaviour;
      const failure = createReplicateProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
      // Shown to the user as it is: a ServiceFailure, from the adapter or the shared HTTP client.
      await expect(failure).rejects.toBeInstanceOf(ServiceFailure);
      await expect(failure).rejects.toThrow(PROVIDER_MESSAGES.unreadable);
    },
  );

  it('cancels the prediction when the job is cancelled', async () => {
    fake.behaviour = 'never-ends';
    const context = recordingContext();
    const work = createReplicateProvider(settings).kitchen(kitchenRequest(photo), context);
    await requestsArrived(() => polls().length);
    const cancelled = new Error('cancelled by the user');
    context.controller.abort(cancelled);
    await expect(work).rejects.toBe(cancelled);
    const polled = polls()[0]?.url ?? '';
    await expect
      .poll(() => cancels().map((cancel) => `${cancel.method} ${cancel.url}`))
      .toContain(`POST ${polled}/cancel`);
  });

  it('saves the prediction at once and, handed to another runner, leaves it running for that one to poll', async () => {
    fake.behaviour = 'never-ends';
    const first = recordingContext();
    const work = createReplicateProvider(settings).kitchen(kitchenRequest(photo), first);
    await requestsArrived(() => polls().length);
    const [saved] = first.saved;
    expect(first.saved).toEqual([{ predictionId: expect.any(String) }]);
    const handedBack = new JobHandedBack();
    first.controller.abort(handedBack);
    await expect(work).rejects.toBe(handedBack);

    fake.behaviour = 'answers-later';
    const retry = recordingContext(saved ?? null);
    const kitchen = await createReplicateProvider(settings).kitchen(kitchenRequest(photo), retry);
    await expectPhotoShaped(kitchen, photo);
    // One prediction paid for, polled by both attempts, never cancelled, nothing saved twice.
    expect(creates()).toHaveLength(1);
    expect(polls().every((poll) => poll.url === `/v1/predictions/${saved?.predictionId}`)).toBe(true);
    expect(cancels().filter((cancel) => cancel.url.includes(`/${saved?.predictionId}/`))).toEqual([]);
    expect(retry.saved).toEqual([]);
  });

  it('reads its settings from the environment and needs its token', () => {
    expect(() => replicateSettingsFromEnv({})).toThrow(
      'GENERATION_PROVIDER=replicate needs REPLICATE_API_TOKEN',
    );
    expect(replicateSettingsFromEnv({ REPLICATE_API_TOKEN: 'r8_x' })).toMatchObject({
      baseUrl: 'https://api.replicate.com/v1',
      model: 'black-forest-labs/flux-kontext-pro',
    });
    expect(() => replicateSettingsFromEnv({ REPLICATE_API_TOKEN: 'r8_x', REPLICATE_MODEL: 'flux' })).toThrow(
      'REPLICATE_MODEL',
    );
  });
});
