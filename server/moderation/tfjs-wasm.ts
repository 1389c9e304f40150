// TensorFlow.js on its WASM backend (tfjs-node cannot be installed here: it downloads a native binary). The
// backend's .wasm files are read from the installed package on disk, never fetched.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const wasmDirectory = () => {
  const packageJson = createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/package.json');
  return `${path.join(path.dirname(packageJson), 'dist')}${path.sep}`;
};

let backend: Promise<typeof tf> | undefined;

/** Selects the WASM backend once per process and resolves to the tfjs module that now runs on it. */
export function tfOnWasm(): Promise<typeof tf> {
  backend ??= (async () => {
    // Production mode first: it also silences tfjs's warnings, such as the CPU backend's "install tfjs-node"
    // banner printed when a tensor is made before the WASM backend is ready.
    tf.enableProdMode();
    setWasmPaths(wasmDirectory());
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js could not start its WASM backend');
    await tf.ready();
    return tf;
  })();
  return backend;
}
