// A COCO-80 object detector (CenterNet on MobileNetV3) whose weights ship inside the @vladmandic/human npm package
// (`models/centernet.json` and `.bin`): read from node_modules, never fetched, and run on the tfjs WASM backend
// moderation already loads. Only the model files are used; human's own runtime is not loaded.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tf from '@tensorflow/tfjs';
import sharp from 'sharp';
import { COCO_LABELS } from './coco-labels';
import { modelArtifacts } from './model-artifacts';
import { tfOnWasm } from './tfjs-wasm';

/** The model's square input, in pixels (its signature: 1 x 512 x 512 x 3). */
const INPUT_SIZE = 512;
/** Its output: per candidate, a box (x1, y1, x2, y2 in input pixels), a score and a class index. */
const DETECTIONS_OUTPUT = 'tower_0/detections';

export interface DetectedObject {
  /** The COCO name (`refrigerator`, `oven`, ...). */
  label: string;
  score: number;
}

/** One object found, where it is: x0, y0, x1, y1 as fractions of the photo's width and height. */
export interface LocatedObject extends DetectedObject {
  box: [number, number, number, number];
}

/** The package's `models/` folder: found from its entry point, as the package exports no other file. */
function modelDirectory(): string {
  const entry = createRequire(import.meta.url).resolve('@vladmandic/human');
  return path.join(path.dirname(entry), '..', 'models');
}

/** The model's graph and weights, read from disk and handed to tfjs as an in-memory IO handler. */
async function detectorArtifacts(): Promise<tf.io.ModelArtifacts> {
  const directory = modelDirectory();
  const json = JSON.parse(await readFile(path.join(directory, 'centernet.json'), 'utf8')) as tf.io.ModelJSON;
  const shards = await Promise.all(
    json.weightsManifest.flatMap((group) => group.paths).map((file) => readFile(path.join(directory, file))),
  );
  return modelArtifacts(json, shards);
}

let sharedModel: Promise<tf.GraphModel> | undefined;

function loadModel(): Promise<tf.GraphModel> {
  sharedModel ??= (async () => {
    const [tfjs, artifacts] = await Promise.all([tfOnWasm(), detectorArtifacts()]);
    return tfjs.loadGraphModel(tfjs.io.fromMemory(artifacts));
  })();
  return sharedModel;
}

/** Loads the model (once per process or thread); settles when it can detect. */
export const detectorReady = (): Promise<void> => loadModel().then(() => undefined);

/** The picture as the model's input: RGB at 512 x 512, squeezed as human squeezes it, values 0 to 255. */
const modelInput = (bytes: Uint8Array) =>
  sharp(bytes).resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' }).removeAlpha().raw().toBuffer();

const fraction = (value: number) => Math.min(1, Math.max(0, value / INPUT_SIZE));

/** Every object the model finds at `minScore` or above, with its box, best first. */
export async function locateObjects(bytes: Uint8Array, minScore: number): Promise<LocatedObject[]> {
  const [model, tfjs, pixels] = await Promise.all([loadModel(), tfOnWasm(), modelInput(bytes)]);
  const input = tfjs.tensor4d(Float32Array.from(pixels), [1, INPUT_SIZE, INPUT_SIZE, 3]);
  const output = model.execute(input, DETECTIONS_OUTPUT) as tf.Tensor;
  try {
    const [candidates = []] = (await output.array()) as number[][][];
    const found: LocatedObject[] = [];
    for (const [x0 = 0, y0 = 0, x1 = 0, y1 = 0, score = 0, classIndex = -1] of candidates) {
      const label = COCO_LABELS[classIndex];
      if (label && score >= minScore)
        found.push({ label, score, box: [fraction(x0), fraction(y0), fraction(x1), fraction(y1)] });
    }
    return found.sort((a, b) => b.score - a.score);
  } finally {
    input.dispose();
    output.dispose();
  }
}

/** Every object the model finds at `minScore` or above, the best score per label, best first. */
export async function detectObjects(bytes: Uint8Array, minScore: number): Promise<DetectedObject[]> {
  const best = new Map<string, number>();
  for (const { label, score } of await locateObjects(bytes, minScore))
    if (score > (best.get(label) ?? 0)) best.set(label, score);
  return [...best].map(([label, score]) => ({ label, score }));
}
