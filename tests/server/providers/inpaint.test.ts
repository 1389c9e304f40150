// Photoreal providers with marked surfaces (issue 22), each against its local fake: the mask travels in the
// service's own polarity (OpenAI: transparent = edit; Replicate flux-fill and ComfyUI: white = paint), and the
// picture that comes back is pasted into the photo through our mask. The fakes, asked to inpaint, invert the
// whole picture, as a model that also moved the walls would: only the marked surfaces may show it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenRequest, ProviderImage } from '../../../server/generation/provider';
import {
  COMFYUI_DEFAULTS,
  createComfyUiProvider,
} from '../../../server/generation/providers/comfyui/comfyui-provider';
import { loadWorkflow } from '../../../server/generation/providers/comfyui/workflow';
import {
  createOpenAiProvider,
  OPENAI_DEFAULTS,
} from '../../../server/generation/providers/openai/openai-provider';
import {
  createReplicateProvider,
  REPLICATE_DEFAULTS,
} from '../../../server/generation/providers/replicate/replicate-provider';
import { knownKitchen } from '../../../tooling/known-kitchens';
import type { KitchenWithMasks } from '../../../tooling/known-masks';
import { clearOfMasks, surfacePixels } from '../photo/photo-pixels';
import { type FakeComfyUi, startFakeComfyUi } from './fake-comfyui';
import { type FakeOpenAi, OPENAI_TEST_KEY, startFakeOpenAi } from './fake-openai';
import {
  type FakeReplicate,
  FLUX_FILL_PATH,
  REPLICATE_TEST_TOKEN,
  startFakeReplicate,
} from './fake-replicate';
import { formDataOf, jsonOf } from './fake-server';
import { kitchenRequest, recordingContext, storedPhoto } from './provider-support';

let kitchen: KitchenWithMasks;
let photo: ProviderImage;
let request: KitchenRequest;
let openai: FakeOpenAi;
let replicate: FakeReplicate;
let comfyui: FakeComfyUi;

beforeAll(async () => {
  kitchen = await knownKitchen({ width: 1200 });
  [photo, openai, replicate, comfyui] = await Promise.all([
    storedPhoto(kitchen.picture.bytes),
    startFakeOpenAi(),
    startFakeReplicate(),
    startFakeComfyUi(),
  ]);
  expect([photo.width, photo.height]).toEqual([kitchen.masks.width, kitchen.masks.height]);
  request = { ...kitchenRequest(photo), masks: kitchen.masks, variation: 424242 };
}, 60_000);
afterAll(() => Promise.all([openai.close(), replicate.close(), comfyui.close()]));

const grey = async (png: Buffer, channel: 0 | 3 = 0) => {
  const { data, info } = await sharp(png).extractChannel(channel).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The share of marked pixels the mask marks for editing, and of unmarked pixels it keeps, read at its size. */
async function maskAgreement(
  mask: { data: Buffer; width: number; height: number },
  editIs: 'white' | 'black',
) {
  const { width, height } = kitchen.masks;
  const scaled = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const edits = (pixel: number) => (scaled[pixel] ?? 0) >= 128 === (editIs === 'white');
  const fronts = surfacePixels(kitchen.masks.planes.fronts);
  const clear = clearOfMasks(kitchen.masks, 3);
  const outside = [...clear.keys()].filter((pixel) => clear[pixel] === 1);
  return {
    marked: fronts.filter(edits).length / fronts.length,
    unmarked: outside.filter((pixel) => !edits(pixel)).length / outside.length,
  };
}

/** The result keeps the photo outside the masks and shows the service's (inverted) picture inside them. */
async function expectRoomKept(result: ProviderImage): Promise<void> {
  expect([result.width, result.height]).toEqual([photo.width, photo.height]);
  const [before, after] = await Promise.all(
    [photo.bytes, result.bytes].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()),
  );
  const meanDifference = (pixels: number[], target: (value: number) => number) => {
    let total = 0;
    for (const pixel of pixels)
      for (let channel = 0; channel < 3; channel += 1)
        total += Math.abs((after?.[pixel * 3 + channel] ?? 0) - target(before?.[pixel * 3 + channel] ?? 0));
    return total / (pixels.length * 3);
  };
  const clear = clearOfMasks(kitchen.masks, 3);
  const outside = [...clear.keys()].filter((pixel) => clear[pixel] === 1);
  // Outside: the photo's own (JPEG encodings apart); the service's inverted room is gone.
  expect(meanDifference(outside, (value) => value)).toBeLessThan(2);
  // Inside: the service's picture.
  const fronts = surfacePixels(kitchen.masks.planes.fronts);
  expect(meanDifference(fronts, (value) => 255 - value)).toBeLessThan(12);
}

describe('providers given marked surfaces', () => {
  it('openai sends a PNG mask transparent where it may edit, and keeps the room', async () => {
    const provider = createOpenAiProvider({
      ...OPENAI_DEFAULTS,
      apiKey: OPENAI_TEST_KEY,
      baseUrl: `${openai.origin}/v1`,
    });
    const result = await provider.kitchen(request, recordingContext());
    const [sent] = openai.to('/v1/images/edits');
    const form = await formDataOf(sent ?? expect.unreachable());
    const mask = form.get('mask');
    expect(mask).toBeInstanceOf(Blob);
    const maskBytes = Buffer.from(await (mask as Blob).arrayBuffer());
    expect(await sharp(maskBytes).metadata()).toMatchObject({
      format: 'png',
      width: 1536,
      height: 1024,
      hasAlpha: true,
    });
    // The photo (4:3) sits in the middle of the 3:2 canvas: the mask is read where the photo is.
    const alpha = await grey(
      await sharp(maskBytes).extract({ left: 85, top: 0, width: 1365, height: 1024 }).png().toBuffer(),
      3,
    );
    const agreement = await maskAgreement(alpha, 'black');
    expect(agreement.marked).toBeGreaterThan(0.97);
    expect(agreement.unmarked).toBeGreaterThan(0.99);
    await expectRoomKept(result);
  });

  it('replicate asks flux-fill with a mask white where it may paint and the job’s seed, and keeps the room', async () => {
    const provider = createReplicateProvider({
      ...REPLICATE_DEFAULTS,
      apiToken: REPLICATE_TEST_TOKEN,
      baseUrl: `${replicate.origin}/v1`,
      pollIntervalMs: 10,
    });
    const result = await provider.kitchen(request, recordingContext());
    const [created] = replicate.to(FLUX_FILL_PATH);
    const { input } = jsonOf(created ?? expect.unreachable()) as {
      input: { image: string; mask: string; seed: number; prompt: string };
    };
    expect(input.seed).toBe(424242);
    expect(input.image).toMatch(/^data:image\/jpeg;base64,/);
    const maskBytes = Buffer.from(input.mask.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(maskBytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 900 });
    const agreement = await maskAgreement(await grey(maskBytes), 'white');
    expect(agreement.marked).toBeGreaterThan(0.97);
    expect(agreement.unmarked).toBeGreaterThan(0.99);
    await expectRoomKept(result);
  });

  it('comfyui queues the inpaint workflow with an uploaded mask white where it may paint, and keeps the room', async () => {
    const provider = createComfyUiProvider({
      ...COMFYUI_DEFAULTS,
      baseUrls: [comfyui.origin],
      workflow: loadWorkflow(),
      inpaintWorkflow: loadWorkflow(undefined, 'inpaint'),
      pollIntervalMs: 10,
    });
    const result = await provider.kitchen(request, recordingContext());
    const [queued] = comfyui.to('/prompt');
    const { prompt } = jsonOf(queued ?? expect.unreachable()) as {
      prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
    };
    const nodes = Object.values(prompt);
    const maskNode = nodes.find((node) => node.class_type === 'LoadImageMask');
    expect(maskNode?.inputs.channel).toBe('red');
    expect(nodes.find((node) => node.class_type === 'KSampler')?.inputs.seed).toBe(424242);
    const maskBytes = comfyui.uploads.get(String(maskNode?.inputs.image)) ?? expect.unreachable();
    const agreement = await maskAgreement(await grey(maskBytes), 'white');
    expect(agreement.marked).toBeGreaterThan(0.97);
    expect(agreement.unmarked).toBeGreaterThan(0.99);
    await expectRoomKept(result);
  });
});
