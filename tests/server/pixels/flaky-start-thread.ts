// A picture thread for tests that dies while starting the first `failFirst` times (counted across its threads in
// shared memory), then serves one task that answers with its input.
import { workerData } from 'node:worker_threads';
import { defineTasks } from '../../../server/pixels/pixel-task';
import { serveTasks } from '../../../server/pixels/serve-tasks';

const { starts, failFirst } = workerData as { starts: SharedArrayBuffer; failFirst: number };
if (Atomics.add(new Int32Array(starts), 0, 1) < failFirst) throw new Error('This thread could not start.');
serveTasks([defineTasks({ echo: { run: async (input: unknown) => input } })]);
