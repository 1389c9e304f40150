// The body of a picture thread (pixel-pool.ts starts them; server/pixel-thread.ts loads the tables and calls this):
// one task at a time, off the server's thread, so a slow, hostile or crashing decode costs this thread only.
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import type { TaskReply, TaskRequest, TaskTable } from './pixel-task';

type Port = NonNullable<typeof parentPort>;

/** Answers a request; result bytes are moved to the server's thread, not copied, when they own their memory. */
function answer(port: Port, reply: TaskReply, bytes?: Uint8Array): void {
  const movable = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  try {
    port.postMessage(reply, movable ? [bytes.buffer as ArrayBuffer] : []);
  } catch {
    // Memory owned by libvips cannot be detached: the structured copy is the fallback.
    port.postMessage(reply);
  }
}

async function handle(port: Port, tasks: TaskTable, { id, kind, input }: TaskRequest): Promise<void> {
  try {
    const task = tasks[kind];
    if (!task) throw new Error(`No picture task is called ${kind}.`);
    const result = await task.run(input);
    answer(port, { id, kind: 'done', result }, task.moved?.(result));
  } catch (error) {
    // A refusal the domain wrote for its caller (an HttpError: not a picture, too large) keeps its words.
    if (error instanceof HttpError)
      answer(port, { id, kind: 'rejected', code: error.code, message: error.message });
    else
      answer(port, { id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Serves every task of `tables` from inside a thread; two tables naming the same kind are a mistake. */
export function serveTasks(tables: readonly TaskTable[]): void {
  const port = parentPort;
  if (!port) return;
  const tasks: TaskTable = {};
  for (const table of tables)
    for (const [kind, task] of Object.entries(table)) {
      if (kind in tasks) throw new Error(`Two picture task tables name ${kind}.`);
      tasks[kind] = task;
    }
  port.on('message', (request: TaskRequest) => void handle(port, tasks, request));
  port.postMessage({ kind: 'ready' } satisfies TaskReply);
}
