// The server's picture threads (issue 35): untrusted images are decoded, and a visitor's photo recoloured, in a
// small pool of worker threads, never on the server's thread: a 12 MP HEIC takes libheif about a second of CPU,
// and so does a 12 MP recolour, during which a single-threaded server would answer nobody. Each thread takes one
// task at a time, with a heap limit and a time limit; a thread that overruns, crashes or runs out of memory
// answers its task with an error and is replaced. Tasks beyond the threads wait in a bounded queue; beyond that
// the caller is told to come back (503, Retry-After).
//
// The pool knows no kind of work: each domain declares its own in a table (pixel-task.ts) and the threads serve
// every table (server/pixel-thread.ts). A domain asks through its own typed client (images/intake-work.ts,
// generation/picture-work/photo-work.ts). The pools are opened and closed with the server (pixel-room.ts).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import { startModuleWorker } from './module-worker';
import type { TaskInput, TaskOutput, TaskReply, TaskRequest, TaskTable } from './pixel-task';

export interface PixelPoolSettings {
  /** Threads working at once (`IMAGE_WORKERS`). */
  workers: number;
  /** Tasks waiting for a thread (`IMAGE_QUEUE_MAX`); one more is refused with 503. */
  queueMax: number;
  /** Per task, from the moment a thread takes it (`IMAGE_DECODE_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Each thread's JavaScript heap (`IMAGE_WORKER_MEMORY_MB`); libvips and libheif memory is bounded by the pixel cap. */
  memoryMb: number;
}

/** How many threads in a row may die while starting before a waiting task is failed for it. */
export const START_TRIES = 3;

export const defaultPixelPoolSettings = (): PixelPoolSettings => ({
  workers: Math.max(1, availableParallelism()),
  queueMax: 8,
  timeoutMs: 30_000,
  memoryMb: 256,
});

/** The defaults, with what `chosen` names (unset values keep the default). */
export function pixelPoolSettings(chosen: Partial<PixelPoolSettings> = {}): PixelPoolSettings {
  const defaults = defaultPixelPoolSettings();
  const named = Object.entries(chosen).filter(([, value]) => value !== undefined);
  return { ...defaults, ...Object.fromEntries(named) };
}

/** How a task's failures read to its caller: the words are the domain's (an upload's, a picture's). */
export interface PixelPoolErrors {
  /** The thread overran `timeoutMs`. */
  timedOut(): Error;
  /** The thread crashed or ran out of memory. */
  crashed(): Error;
  /** The task refused its input (an `HttpError` thrown in the thread, as its code and message). */
  rejected(code: string, message: string): Error;
}

export interface PixelPool {
  /**
   * One task of `Table`'s in a thread of the pool. The buffers in `transfer` are moved to the thread, not
   * copied: the caller must not read them afterwards.
   */
  run<Table extends TaskTable, Kind extends keyof Table & string>(
    kind: Kind,
    input: TaskInput<Table, Kind>,
    transfer?: ArrayBuffer[],
  ): Promise<TaskOutput<Table, Kind>>;
  close(): Promise<void>;
}

/** The whole buffer, when `bytes` owns it and so may be moved to a thread; a view of shared memory is copied. */
export function ownBuffer(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const owned = whole && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
  return { bytes: owned, transfer: [owned.buffer as ArrayBuffer] };
}

/** A copy the thread may take: the caller keeps its own bytes. */
export function movableCopy(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const copy = new Uint8Array(bytes);
  return { bytes: copy, transfer: [copy.buffer] };
}

/** Bytes back from a thread arrive as a Uint8Array; the store and the routes expect a Buffer. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface Job {
  kind: string;
  input: unknown;
  /** Moved to the thread rather than copied. */
  transfer: ArrayBuffer[];
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job?: { id: number; job: Job; timer: NodeJS.Timeout; started: number };
}

/**
 * A pool whose threads run the module at `threadUrl` (server/pixel-thread.ts, which serves every domain's table).
 * `errors` words its failures for its callers.
 */
export function createPixelPool(
  settings: PixelPoolSettings,
  threadUrl: string,
  workerData: unknown,
  errors: PixelPoolErrors,
): PixelPool {
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;
  // A running estimate of one image's time in a thread, for Retry-After.
  let typicalMs = 1000;
  // Threads that died while starting since one last started.
  let failedStarts = 0;

  function end(thread: Thread, error: Error): void {
    if (!threads.delete(thread)) return;
    void thread.worker.terminate();
    if (thread.job) {
      clearTimeout(thread.job.timer);
      thread.job.job.reject(error);
      thread.job = undefined;
    }
    // A thread that dies while starting is the server's fault, not an image's. Once may be the moment (a heap
    // limit near what a thread needs to start, the machine short of memory): it is started again. After
    // START_TRIES in a row the oldest waiting image is answered with a server error, so a thread that can never
    // start cannot be restarted for ever.
    if (!thread.ready && ++failedStarts >= START_TRIES) {
      failedStarts = 0;
      queue.shift()?.reject(new Error('A picture thread could not start.'));
    }
    pump();
  }

  function start(): void {
    const thread: Thread = {
      worker: startModuleWorker(threadUrl, {
        workerData,
        resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
      }),
      ready: false,
    };
    threads.add(thread);
    // Idle threads never keep a closing process alive.
    thread.worker.unref();
    thread.worker.on('message', (reply: TaskReply) => {
      if (reply.kind === 'ready') {
        thread.ready = true;
        failedStarts = 0;
        return pump();
      }
      const inHand = thread.job;
      if (!inHand || inHand.id !== reply.id) return;
      clearTimeout(inHand.timer);
      thread.job = undefined;
      typicalMs = 0.8 * typicalMs + 0.2 * (performance.now() - inHand.started);
      if (reply.kind === 'done') inHand.job.resolve(reply.result);
      else if (reply.kind === 'rejected') inHand.job.reject(errors.rejected(reply.code, reply.message));
      else inHand.job.reject(new Error(`${inHand.job.kind} failed: ${reply.message}`));
      pump();
    });
    // ERR_WORKER_OUT_OF_MEMORY, a trap in libheif's wasm, an uncaught throw: all end the thread.
    thread.worker.on('error', () => end(thread, errors.crashed()));
    thread.worker.on('exit', () => end(thread, errors.crashed()));
  }

  function pump(): void {
    if (closed) return;
    for (const thread of threads) {
      if (!thread.ready || thread.job) continue;
      const job = queue.shift();
      if (!job) return;
      const id = nextId++;
      const timer = setTimeout(() => end(thread, errors.timedOut()), settings.timeoutMs);
      thread.job = { id, job, timer, started: performance.now() };
      thread.worker.postMessage({ id, kind: job.kind, input: job.input } satisfies TaskRequest, job.transfer);
    }
    // Threads start when there is work for them, and replace those that ended.
    const starting = [...threads].filter((thread) => !thread.ready).length;
    for (let i = starting; i < queue.length && threads.size < settings.workers; i++) start();
  }

  function run(kind: string, input: unknown, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (closed) return Promise.reject(new Error('The picture pool is closed.'));
    const working = [...threads].filter((thread) => thread.job).length;
    if (working + queue.length >= settings.workers + settings.queueMax) {
      const seconds = Math.ceil((typicalMs * (queue.length + 1)) / settings.workers / 1000);
      return Promise.reject(
        new HttpError(
          503,
          'IMAGE_SERVICE_BUSY',
          'We are reading many photos right now. Please try again in a moment.',
          Math.max(1, seconds),
        ),
      );
    }
    return new Promise<unknown>((resolve, reject) => {
      queue.push({ kind, input, transfer, resolve, reject });
      pump();
    });
  }

  return {
    // The thread answers `kind` with its table's output: the table's types are the contract on both sides.
    run: (kind, input, transfer) => run(kind, input, transfer) as Promise<never>,
    async close() {
      closed = true;
      const error = new Error('The server is shutting down.');
      for (const job of queue.splice(0)) job.reject(error);
      await Promise.all(
        [...threads].map((thread) => {
          threads.delete(thread);
          if (thread.job) {
            clearTimeout(thread.job.timer);
            thread.job.job.reject(error);
          }
          return thread.worker.terminate();
        }),
      );
    },
  };
}
