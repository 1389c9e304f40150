// nsfwjs's MobileNetV2 model, bundled inside the npm package (nothing is downloaded), on tfjs WASM. The model is
// loaded once per process and shared by every moderator.
import type { NSFWJS } from 'nsfwjs/core';
import sharp from 'sharp';
import { loadBundledModel } from './bundled-model';
import { type ModeratedImage, type Moderator, observed } from './moderator';
import { type NsfwModeratorOptions, nsfwThreshold, verdictOf } from './nsfw-verdict';
import { tfOnWasm } from './tfjs-wasm';

const MODEL_INPUT_SIZE = 224;

let sharedModel: Promise<NSFWJS> | undefined;

function loadModel(): Promise<NSFWJS> {
  sharedModel ??= (async () => {
    const [tf, { MobileNetV2Model }] = await Promise.all([tfOnWasm(), import('nsfwjs/models/mobilenet_v2')]);
    return loadBundledModel(tf, MobileNetV2Model, MODEL_INPUT_SIZE);
  })();
  return sharedModel;
}

/** The image as the model's input: RGB bytes at 224x224 (squeezed, as nsfwjs itself resizes). */
async function modelInput(image: ModeratedImage) {
  return sharp(image.bytes)
    .resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Loads the model (once per process or thread); settles when it can score. */
export const modelReady = (): Promise<void> => loadModel().then(() => undefined);

/** The model's score per class for one image. */
export async function scoreImage(image: ModeratedImage): Promise<Record<string, number>> {
  const [nsfw, tf, pixels] = await Promise.all([loadModel(), tfOnWasm(), modelInput(image)]);
  const input = tf.tensor3d(pixels, [MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3], 'int32');
  try {
    const predictions = await nsfw.classify(input);
    return Object.fromEntries(predictions.map((p) => [p.className, p.probability]));
  } finally {
    input.dispose();
  }
}

/**
 * The model on the calling thread. The server uses it through a thread of its own (moderation-thread.ts), so
 * loading tfjs and scoring an image never hold up other requests.
 */
export function createNsfwModerator(options: NsfwModeratorOptions = {}): Moderator {
  const threshold = nsfwThreshold(options);
  return {
    ready: observed(modelReady()),
    classify: async (image) => verdictOf(await scoreImage(image), threshold),
  };
}
