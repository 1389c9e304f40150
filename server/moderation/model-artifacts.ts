// A tfjs graph or layers model as tfjs loads it from memory: the model's JSON and its weight shards, concatenated in
// the manifest's order. Both bundled models (nsfwjs's and the COCO detector's) are read from their packages this way.
import type * as tf from '@tensorflow/tfjs';

export function modelArtifacts(json: tf.io.ModelJSON, shards: readonly Buffer[]): tf.io.ModelArtifacts {
  const weights = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}
