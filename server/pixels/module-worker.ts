// Starts a worker thread from a module of this project, in the source tree (tests, tsx) and in dist-server/.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running the module at `moduleUrl`. Under tests and tsx that module is TypeScript, which a new thread
 * cannot load by itself: it registers tsx first. The built server (dist-server/) is plain JavaScript.
 */
export function startModuleWorker(moduleUrl: string, options: WorkerOptions = {}): Worker {
  if (moduleUrl.endsWith('.ts')) {
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}); });`;
    return new Worker(boot, { ...options, eval: true });
  }
  return new Worker(new URL(moduleUrl), options);
}
