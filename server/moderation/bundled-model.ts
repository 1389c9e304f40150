// nsfwjs's bundled MobileNetV2, handed to nsfwjs as a tfjs model in memory. Asking `load('MobileNetV2')` reads
// the same bundled files but prints a banner about hosting your own model on every start (DESIGN D32: no
// third-party chatter); a model given as an IO handler is loaded without it.
import type * as tf from '@tensorflow/tfjs';
import type { NSFWJS } from 'nsfwjs/core';
import { modelArtifacts } from './model-artifacts';

/** The modules nsfwjs ships for one model: its layers JSON, and its weight shards as base64, in order. */
interface BundledModel {
  modelJson: () => Promise<{ default: tf.io.ModelJSON }>;
  weightBundles: Array<() => Promise<{ default: string }>>;
}

/** The model's topology and its weights, read from the modules nsfwjs ships. */
async function bundledArtifacts(model: BundledModel): Promise<tf.io.ModelArtifacts> {
  const [{ default: json }, shards] = await Promise.all([
    model.modelJson(),
    Promise.all(model.weightBundles.map(async (bundle) => Buffer.from((await bundle()).default, 'base64'))),
  ]);
  return modelArtifacts(json, shards);
}

/** Loads a model nsfwjs bundles, at its input size, on `tfjs`'s backend, without nsfwjs printing anything. */
export async function loadBundledModel(tfjs: typeof tf, model: BundledModel, size: number): Promise<NSFWJS> {
  const [{ NSFWJS }, artifacts] = await Promise.all([import('nsfwjs/core'), bundledArtifacts(model)]);
  const nsfw = new NSFWJS(tfjs.io.fromMemory(artifacts), { size });
  await nsfw.load();
  return nsfw;
}
