// The OpenAI adapter against a local fake of the Images API: the exact request, the crop back to the photo,
// retries where the API allows them, and a clear message for each way it can fail.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GenerationFailure, type ProviderImage } from '../../../server/generation/provider';
import { PROVIDER_MESSAGES } from '../../../server/generation/providers/messages';
import {
  createOpenAiProvider,
  OPENAI_DEFAULTS,
  type OpenAiSettings,
  openAiSettingsFromEnv,
} from '../../../server/generation/providers/openai/openai-provider';
import { emptyRoomPrompt, kitchenPrompt } from '../../../server/generation/providers/prompt';
import { ServiceFailure } from '../../../server/outbound/service-failure';
import { kitchenPicture } from '../../../tooling/made-images';
import { type FakeOpenAi, OPENAI_TEST_KEY, startFakeOpenAi } from './fake-openai';
import { formDataOf } from './fake-server';
import {
  expectPhotoShaped,
  kitchenRequest,
  recordingContext,
  requestsArrived,
  storedPhoto,
} from './provider-support';

let fake: FakeOpenAi;
let photo: ProviderImage;
let settings: OpenAiSettings;

beforeAll(async () => {
  [fake, photo] = await Promise.all([startFakeOpenAi(), storedPhoto()]);
  settings = {
    ...OPENAI_DEFAULTS,
    apiKey: OPENAI_TEST_KEY,
    baseUrl: `${fake.origin}/v1`,
    retryBaseDelayMs: 10,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.behaviour = 'draws';
});

const edits = () => fake.to('/v1/images/edits');

describe('the openai provider', () => {
  it('sends the documented edit request and crops the answer back to the photo', async () => {
    const provider = createOpenAiProvider(settings);
    const context = recordingContext();
    const request = kitchenRequest(photo);

    const kitchen = await provider.kitchen(request, context);

    expect(provider.name).toBe('openai');
    expect(edits()).toHaveLength(1);
    const [sent] = edits();
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formDataOf(sent ?? expect.unreachable());
    // The photo is 4:3: the nearest size the model draws is 3:2, and the photo is padded to it.
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      prompt: kitchenPrompt(request),
      model: 'gpt-image-1.5',
      n: '1',
      size: '1536x1024',
      quality: 'medium',
      input_fidelity: 'high',
      output_format: 'png',
    });
    const image = form.get('image');
    expect(image).toBeInstanceOf(Blob);
    const padded = await sharp(Buffer.from(await (image as Blob).arrayBuffer())).metadata();
    expect(padded).toMatchObject({ format: 'png', width: 1536, height: 1024 });

    await expectPhotoShaped(kitchen, photo);
    expect(kitchen.height).toBe(1024);
    expect(context.stages).toEqual(['rendering', 'finishing']);
  });

  it('makes the empty room with the empty-room prompt, from a portrait photo too', async () => {
    const portrait = await storedPhoto(
      await kitchenPicture({ width: 1280, height: 720, format: 'png' }),
    ).then(async (wide) => {
      const { data, info } = await sharp(wide.bytes).rotate(90).jpeg().toBuffer({ resolveWithObject: true });
      return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
    });
    const empty = await createOpenAiProvider(settings).emptyRoom({ photo: portrait }, recordingContext());

    const form = await formDataOf(edits()[0] ?? expect.unreachable());
    expect(form.get('prompt')).toBe(emptyRoomPrompt());
    expect(form.get('size')).toBe('1024x1536');
    await expectPhotoShaped(empty, portrait);
  });

  it('waits as a 429 asks (retry-after) and then succeeds', async () => {
    fake.behaviour = 'throttled-once';
    const kitchen = await createOpenAiProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
    expect(edits()).toHaveLength(2);
    await expectPhotoShaped(kitchen, photo);
  });

  it('says the service is busy when the retries run out, or the wait asked for is too long', async () => {
    fake.behaviour = 'throttled';
    const provider = createOpenAiProvider(settings);
    await expect(provider.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      new ServiceFailure(PROVIDER_MESSAGES.busy),
    );
    expect(edits()).toHaveLength(1 + OPENAI_DEFAULTS.retries);

    fake.requests.length = 0;
    const impatient = createOpenAiProvider({ ...settings, retryMaxDelayMs: 5 });
    await expect(impatient.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      PROVIDER_MESSAGES.busy,
    );
    expect(edits()).toHaveLength(1);
  });

  it('retries a 5xx as the SDK does, then reports an outage', async () => {
    fake.behaviour = 'outage';
    const failure = createOpenAiProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
    await expect(failure).rejects.toBeInstanceOf(ServiceFailure);
    await expect(failure).rejects.toThrow(PROVIDER_MESSAGES.outage);
    expect(edits()).toHaveLength(1 + OPENAI_DEFAULTS.retries);
  });

  it('gives up after its time limit when the service never answers', async () => {
    fake.behaviour = 'silent';
    const hasty = createOpenAiProvider({ ...settings, timeoutMs: 300 });
    await expect(hasty.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      new ServiceFailure(PROVIDER_MESSAGES.timeout),
    );
  });

  it('tells the user about a safety refusal kindly, without retrying it', async () => {
    fake.behaviour = 'refuses';
    await expect(
      createOpenAiProvider(settings).kitchen(kitchenRequest(photo), recordingContext()),
    ).rejects.toThrow(new GenerationFailure(PROVIDER_MESSAGES.refused));
    expect(edits()).toHaveLength(1);
  });

  it.each(['not-json', 'not-a-picture'] as const)(
    'reports a malformed answer (%s) clearly',
    async (behaviour) => {
      fake.behaviour = behaviour;
      const failure = createOpenAiProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
      // Shown to the user as it is: a ServiceFailure, from the adapter or the shared HTTP client.
      await expect(failure).rejects.toBeInstanceOf(ServiceFailure);
      await expect(failure).rejects.toThrow(PROVIDER_MESSAGES.unreadable);
    },
  );

  it('stops when the job is cancelled, with the job’s own reason', async () => {
    fake.behaviour = 'silent';
    const context = recordingContext();
    const work = createOpenAiProvider(settings).kitchen(kitchenRequest(photo), context);
    await requestsArrived(() => edits().length);
    const cancelled = new Error('cancelled by the user');
    context.controller.abort(cancelled);
    await expect(work).rejects.toBe(cancelled);
  });

  it('reads its settings from the environment and needs its key', () => {
    expect(() => openAiSettingsFromEnv({})).toThrow('GENERATION_PROVIDER=openai needs OPENAI_API_KEY');
    expect(
      openAiSettingsFromEnv({
        OPENAI_API_KEY: 'sk-1',
        OPENAI_BASE_URL: 'https://gateway.example/v1/',
        OPENAI_IMAGE_MODEL: 'gpt-image-1',
        OPENAI_IMAGE_QUALITY: 'high',
      }),
    ).toMatchObject({
      apiKey: 'sk-1',
      baseUrl: 'https://gateway.example/v1',
      model: 'gpt-image-1',
      quality: 'high',
    });
    expect(() => openAiSettingsFromEnv({ OPENAI_API_KEY: 'sk-1', OPENAI_IMAGE_QUALITY: 'ultra' })).toThrow(
      'OPENAI_IMAGE_QUALITY',
    );
  });
});
