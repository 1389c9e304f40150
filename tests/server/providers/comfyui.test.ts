// The ComfyUI adapter against a local fake of a ComfyUI server: upload, the shipped workflow filled in and
// queued, `/history` followed, `/view` fetched; no retries (ComfyUI documents none) and a clear message for each
// way a run can fail.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GenerationFailure, JobHandedBack, type ProviderImage } from '../../../server/generation/provider';
import {
  COMFYUI_DEFAULTS,
  type ComfyUiSettings,
  comfyUiSettingsFromEnv,
  createComfyUiProvider,
} from '../../../server/generation/providers/comfyui/comfyui-provider';
import { loadWorkflow } from '../../../server/generation/providers/comfyui/workflow';
import { PROVIDER_MESSAGES } from '../../../server/generation/providers/messages';
import { emptyRoomPrompt, kitchenPrompt, NEGATIVE_PROMPT } from '../../../server/generation/providers/prompt';
import { ServiceFailure } from '../../../server/outbound/service-failure';
import { type FakeComfyUi, startFakeComfyUi } from './fake-comfyui';
import { formDataOf, jsonOf } from './fake-server';
import {
  expectPhotoShaped,
  kitchenRequest,
  recordingContext,
  requestsArrived,
  storedPhoto,
} from './provider-support';

let fake: FakeComfyUi;
let photo: ProviderImage;
let settings: ComfyUiSettings;

beforeAll(async () => {
  [fake, photo] = await Promise.all([startFakeComfyUi(), storedPhoto()]);
  settings = {
    ...COMFYUI_DEFAULTS,
    baseUrls: [fake.origin],
    workflow: loadWorkflow(),
    inpaintWorkflow: loadWorkflow(undefined, 'inpaint'),
    pollIntervalMs: 10,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.behaviour = 'runs';
});

const queued = () => fake.to('/prompt');
const historyPolls = () => fake.requests.filter((request) => request.url.startsWith('/history/'));

interface QueuedNode {
  class_type: string;
  inputs: Record<string, unknown>;
}

describe('the comfyui provider', () => {
  it('uploads the photo, queues the shipped workflow with it, follows /history and fetches /view', async () => {
    const provider = createComfyUiProvider(settings);
    const context = recordingContext();
    const request = kitchenRequest(photo);

    const kitchen = await provider.kitchen(request, context);

    expect(provider.name).toBe('comfyui');
    const [upload] = fake.to('/upload/image');
    expect(upload?.method).toBe('POST');
    const form = await formDataOf(upload ?? expect.unreachable());
    expect(form.get('type')).toBe('input');
    expect(form.get('overwrite')).toBe('true');
    const uploaded = form.get('image') as File;
    expect(Buffer.from(await uploaded.arrayBuffer()).equals(photo.bytes)).toBe(true);

    expect(queued()).toHaveLength(1);
    const body = jsonOf(queued()[0] ?? expect.unreachable()) as {
      prompt: Record<string, QueuedNode>;
      client_id: string;
    };
    expect(body.client_id).toMatch(/^[0-9a-f-]{36}$/);
    const nodes = Object.values(body.prompt);
    const byClass = (type: string) => nodes.filter((node) => node.class_type === type);
    expect(byClass('LoadImage')[0]?.inputs.image).toBe(uploaded.name);
    expect(byClass('CLIPTextEncode').map((node) => node.inputs.text)).toEqual([
      kitchenPrompt(request),
      NEGATIVE_PROMPT,
    ]);
    expect(byClass('CheckpointLoaderSimple')[0]?.inputs.ckpt_name).toBe(COMFYUI_DEFAULTS.checkpoint);
    expect(byClass('KSampler')[0]?.inputs).toMatchObject({
      denoise: COMFYUI_DEFAULTS.denoise.kitchen,
      seed: expect.any(Number),
    });
    expect(JSON.stringify(body.prompt)).not.toContain('{{');

    expect(historyPolls().length).toBeGreaterThanOrEqual(3);
    const [view] = fake.to('/view');
    expect(new URL(view?.url ?? '', fake.origin).searchParams.get('type')).toBe('output');
    await expectPhotoShaped(kitchen, photo);
    expect(context.stages).toEqual(['rendering', 'finishing']);
  });

  it('empties the room with the empty-room prompt and a stronger denoise', async () => {
    const empty = await createComfyUiProvider(settings).emptyRoom({ photo }, recordingContext());
    const body = jsonOf(queued()[0] ?? expect.unreachable()) as { prompt: Record<string, QueuedNode> };
    const nodes = Object.values(body.prompt);
    expect(nodes.find((node) => node.class_type === 'CLIPTextEncode')?.inputs.text).toBe(emptyRoomPrompt());
    expect(nodes.find((node) => node.class_type === 'KSampler')?.inputs.denoise).toBe(
      COMFYUI_DEFAULTS.denoise.emptyRoom,
    );
    await expectPhotoShaped(empty, photo);
  });

  it.each([
    ['throttled', PROVIDER_MESSAGES.busy],
    ['outage', PROVIDER_MESSAGES.outage],
  ] as const)('fails at once, without retrying, when the server is %s', async (behaviour, message) => {
    fake.behaviour = behaviour;
    await expect(
      createComfyUiProvider(settings).kitchen(kitchenRequest(photo), recordingContext()),
    ).rejects.toThrow(new ServiceFailure(message));
    expect(queued()).toHaveLength(1);
  });

  it('gives up after its time limit when /history never answers', async () => {
    fake.behaviour = 'silent-history';
    const hasty = createComfyUiProvider({ ...settings, requestTimeoutMs: 300 });
    await expect(hasty.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      new ServiceFailure(PROVIDER_MESSAGES.timeout),
    );
  });

  it('reports a run that ended in an error (ComfyUI has no safety system to refuse)', async () => {
    fake.behaviour = 'run-fails';
    const failure = createComfyUiProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
    await expect(failure).rejects.toThrow(new GenerationFailure(PROVIDER_MESSAGES.failed));
    await expect(failure).rejects.toHaveProperty(
      'cause.message',
      expect.stringContaining('CUDA out of memory'),
    );
  });

  it('leaves a workflow the server rejects to the log, with its node errors', async () => {
    fake.behaviour = 'invalid-workflow';
    const failure = createComfyUiProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
    await expect(failure).rejects.not.toBeInstanceOf(ServiceFailure);
    await expect(failure).rejects.toThrow(/ComfyUI answered 400 to \/prompt: .*value_not_in_list/);
  });

  it('reports a malformed /history answer clearly', async () => {
    fake.behaviour = 'not-json';
    const failure = createComfyUiProvider(settings).kitchen(kitchenRequest(photo), recordingContext());
    // Shown to the user as it is: a ServiceFailure, from the adapter or the shared HTTP client.
    await expect(failure).rejects.toBeInstanceOf(ServiceFailure);
    await expect(failure).rejects.toThrow(PROVIDER_MESSAGES.unreadable);
  });

  it('interrupts the run when the job is cancelled', async () => {
    fake.behaviour = 'never-ends';
    const context = recordingContext();
    const work = createComfyUiProvider(settings).kitchen(kitchenRequest(photo), context);
    await requestsArrived(() => historyPolls().length);
    const cancelled = new Error('cancelled by the user');
    context.controller.abort(cancelled);
    await expect(work).rejects.toBe(cancelled);
    const polledId = historyPolls()[0]?.url.split('/').pop();
    await expect
      .poll(() => fake.to('/interrupt').map(jsonOf), { timeout: 10_000, interval: 10 })
      .toContainEqual({ prompt_id: polledId });
  });

  it('leaves the run going when the job is only handed to another runner', async () => {
    fake.behaviour = 'never-ends';
    const context = recordingContext();
    const work = createComfyUiProvider(settings).kitchen(kitchenRequest(photo), context);
    await requestsArrived(() => historyPolls().length);
    const promptId = historyPolls()[0]?.url.split('/').pop();
    expect(context.saved).toEqual([{ server: fake.origin, promptId }]);
    const handedBack = new JobHandedBack();
    context.controller.abort(handedBack);
    await expect(work).rejects.toBe(handedBack);
    // The same run is followed again by the next runner: nothing queued anew, nothing stopped.
    fake.behaviour = 'runs';
    const resumed = recordingContext({ server: fake.origin, promptId: promptId ?? '' });
    const kitchen = await createComfyUiProvider(settings).kitchen(kitchenRequest(photo), resumed);
    await expectPhotoShaped(kitchen, photo);
    expect(queued()).toHaveLength(1);
    expect(fake.to('/upload/image')).toHaveLength(1);
    expect(resumed.saved).toEqual([]);
    // (Earlier tests' best-effort stops may still arrive: only this run's would count.)
    const stopsOf = (path: string) =>
      fake.requests.filter((r) => r.method === 'POST' && r.url === path).map(jsonOf);
    expect(stopsOf('/interrupt')).not.toContainEqual({ prompt_id: promptId });
    expect(stopsOf('/queue')).not.toContainEqual({ delete: [promptId] });
  });

  it('takes a cancelled run off the queue as well as interrupting it', async () => {
    fake.behaviour = 'never-ends';
    const context = recordingContext();
    const work = createComfyUiProvider(settings).kitchen(kitchenRequest(photo), context);
    await requestsArrived(() => historyPolls().length);
    context.controller.abort(new Error('cancelled by the user'));
    await expect(work).rejects.toThrow('cancelled by the user');
    const [promptId] = context.saved.map((saved) => saved.promptId);
    await expect
      .poll(
        () =>
          fake
            .to('/queue')
            .filter((request) => request.method === 'POST')
            .map(jsonOf),
        {
          timeout: 10_000,
          interval: 10,
        },
      )
      .toContainEqual({ delete: [promptId] });
  });

  it('reads its settings from the environment; a workflow without the photo placeholder stops the start', () => {
    expect(comfyUiSettingsFromEnv({})).toMatchObject({ baseUrls: ['http://127.0.0.1:8188'] });
    expect(comfyUiSettingsFromEnv({ COMFYUI_URL: 'http://gpu-1:8188/, http://gpu-2:8188' }).baseUrls).toEqual(
      ['http://gpu-1:8188', 'http://gpu-2:8188'],
    );
    expect(() => comfyUiSettingsFromEnv({ COMFYUI_URL: 'http://gpu-1:8188,gpu-2' })).toThrow('COMFYUI_URL');
    const dir = mkdtempSync(path.join(tmpdir(), 'kr-comfy-'));
    try {
      const file = path.join(dir, 'workflow.json');
      writeFileSync(
        file,
        JSON.stringify({ '1': { class_type: 'LoadImage', inputs: { image: 'fixed.png' } } }),
      );
      expect(() => comfyUiSettingsFromEnv({ COMFYUI_WORKFLOW: file })).toThrow('lacks the input {{photo}}');
      writeFileSync(file, 'not json');
      expect(() => comfyUiSettingsFromEnv({ COMFYUI_WORKFLOW: file })).toThrow('not an API-format workflow');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('several comfyui servers', () => {
  let busy: FakeComfyUi;
  let idle: FakeComfyUi;
  beforeAll(async () => {
    [busy, idle] = await Promise.all([startFakeComfyUi(), startFakeComfyUi()]);
  });
  afterAll(() => Promise.all([busy.close(), idle.close()]));

  /** A server on a port nobody listens on: one that is down. */
  const DOWN = 'http://127.0.0.1:9';

  it('sends each job to the server with the shortest queue', async () => {
    busy.behaviour = 'never-ends';
    // Two runs stay queued on `busy` (their jobs stopped caring; the fake keeps them).
    const holders = [recordingContext(), recordingContext()];
    const onBusy = createComfyUiProvider({ ...settings, baseUrls: [busy.origin] });
    const held = holders.map((context) => onBusy.kitchen(kitchenRequest(photo), context).catch(() => {}));
    await requestsArrived(() => busy.to('/prompt').length, 2);
    for (const context of holders) context.controller.abort(new JobHandedBack());
    await Promise.all(held);

    const both = createComfyUiProvider({ ...settings, baseUrls: [busy.origin, idle.origin] });
    const context = recordingContext();
    await expectPhotoShaped(await both.kitchen(kitchenRequest(photo), context), photo);
    expect(idle.to('/prompt')).toHaveLength(1);
    expect(busy.to('/prompt')).toHaveLength(2);
    expect(context.saved).toEqual([{ server: idle.origin, promptId: expect.any(String) }]);
  });

  it('skips a server that does not answer, and says so when none does', async () => {
    const queuedBefore = idle.to('/prompt').length;
    const withDown = createComfyUiProvider({ ...settings, baseUrls: [DOWN, idle.origin] });
    await expectPhotoShaped(await withDown.kitchen(kitchenRequest(photo), recordingContext()), photo);
    expect(idle.to('/prompt')).toHaveLength(queuedBefore + 1);

    const allDown = createComfyUiProvider({ ...settings, baseUrls: [DOWN, 'http://127.0.0.1:7'] });
    await expect(allDown.kitchen(kitchenRequest(photo), recordingContext())).rejects.toThrow(
      new GenerationFailure(PROVIDER_MESSAGES.unreachable),
    );
  });
});
