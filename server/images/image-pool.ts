// Untrusted images are decoded in a small pool of worker threads (intake-thread.ts), never on the server's
// thread: a 12 MP HEIC takes libheif about a second of CPU, during which a single-threaded server would answer
// nobody. Each thread takes one image at a time, with a heap limit and a time limit; a thread that overruns,
// crashes or runs out of memory answers its image with an error and is replaced. Images beyond the threads wait
// in a bounded queue; beyond that the caller is told to come back (503, Retry-After).
//
// This file is both sides, as moderation-thread.ts is: imported, it is the pool; loaded by a thread (from its own
// URL, which in dist-server/ is a file of its own because it is a build entry), it serves intake-thread.ts.
import { availableParallelism } from 'node:os';
import { isMainThread, type Worker, workerData } from 'node:worker_threads';
import type { EncodedPicture } from '../generation/photo/photo-result';
import type { PhotoWork } from '../generation/photo/photo-work';
import { HttpError } from '../http/errors';
import type { CoverSize } from './cover-image';
import { ImageRejectedError } from './image-rejection';
import type { PictureInfo } from './inspect-picture';
import type { IntakeReply, IntakeRequest, IntakeTask } from './intake-thread';
import { startModuleWorker } from './module-worker';
import type { IntakeLimits, NormalisedImage } from './normalise-image';
import type { MaskReading, MaskSize } from './read-mask';

const WORKER_ROLE = 'kitchen-reimagined:image-intake';

export interface ImagePoolSettings {
  /** Threads decoding at once (`IMAGE_WORKERS`). */
  workers: number;
  /** Images waiting for a thread (`IMAGE_QUEUE_MAX`); one more is refused with 503. */
  queueMax: number;
  /** Per image, from the moment a thread takes it (`IMAGE_DECODE_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Each thread's JavaScript heap (`IMAGE_WORKER_MEMORY_MB`); libvips and libheif memory is bounded by the pixel cap. */
  memoryMb: number;
}

export const defaultImagePoolSettings = (): ImagePoolSettings => ({
  workers: Math.max(1, availableParallelism()),
  queueMax: 8,
  timeoutMs: 30_000,
  memoryMb: 256,
});

/** The defaults, with what `chosen` names (unset values keep the default). */
export function imagePoolSettings(chosen: Partial<ImagePoolSettings> = {}): ImagePoolSettings {
  const defaults = defaultImagePoolSettings();
  const named = Object.entries(chosen).filter(([, value]) => value !== undefined);
  return { ...defaults, ...Object.fromEntries(named) };
}

export interface ImagePool {
  /**
   * `normaliseImage` (normalise-image.ts) in a thread of the pool. `bytes` that own their whole buffer are moved
   * to the thread, not copied: the caller must not read them afterwards.
   */
  normalise(bytes: Uint8Array, limits: IntakeLimits): Promise<NormalisedImage>;
  /** `inspectPicture` (inspect-picture.ts) in a thread of the pool; `bytes` stay the caller's. */
  inspect(bytes: Uint8Array, maxPixels: number): Promise<PictureInfo>;
  /** `coverJpeg` (cover-image.ts) in a thread of the pool; `bytes` stay the caller's. */
  cover(bytes: Uint8Array, size: CoverSize): Promise<Buffer>;
  /** `readMask` (read-mask.ts) in a thread of the pool; `bytes` stay the caller's. */
  mask(bytes: Uint8Array, size: MaskSize): Promise<MaskReading>;
  /** The photo result and the paste-back (generation/photo/) in a thread of the pool; inputs stay the caller's. */
  photos: PhotoWork;
  close(): Promise<void>;
}

interface Job {
  task: IntakeTask;
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

const timedOut = () =>
  new ImageRejectedError(
    'IMAGE_UNDECODABLE',
    'This photo took too long to read; it may be damaged or unusually complex. Please try another photo.',
  );

const crashed = () =>
  new ImageRejectedError(
    'IMAGE_UNDECODABLE',
    'This photo could not be read: decoding it needed more than we allow. Please try another photo.',
  );

/** The whole buffer, when `bytes` owns it and so may be moved to a thread; a view of shared memory is copied. */
function ownBuffer(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const owned = whole && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
  return { bytes: owned, transfer: [owned.buffer as ArrayBuffer] };
}

/** A picture back from a thread: its bytes arrive as a Uint8Array, and the store expects a Buffer. */
function asBuffer(picture: EncodedPicture): EncodedPicture {
  const { bytes } = picture;
  return { ...picture, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

export function createImagePool(settings: ImagePoolSettings): ImagePool {
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;
  // A running estimate of one image's time in a thread, for Retry-After.
  let typicalMs = 1000;

  function end(thread: Thread, error: Error): void {
    if (!threads.delete(thread)) return;
    void thread.worker.terminate();
    if (thread.job) {
      clearTimeout(thread.job.timer);
      thread.job.job.reject(error);
      thread.job = undefined;
    }
    // A thread that dies while starting is the server's fault, not an image's: the oldest waiting image is
    // answered with a server error, so a thread that can never start cannot be restarted for ever.
    if (!thread.ready) queue.shift()?.reject(new Error('An image thread could not start.'));
    pump();
  }

  function start(): void {
    const thread: Thread = {
      worker: startModuleWorker(import.meta.url, {
        workerData: WORKER_ROLE,
        resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
      }),
      ready: false,
    };
    threads.add(thread);
    // Idle threads never keep a closing process alive.
    thread.worker.unref();
    thread.worker.on('message', (reply: IntakeReply) => {
      if (reply.kind === 'ready') {
        thread.ready = true;
        return pump();
      }
      const inHand = thread.job;
      if (!inHand || inHand.id !== reply.id) return;
      clearTimeout(inHand.timer);
      thread.job = undefined;
      typicalMs = 0.8 * typicalMs + 0.2 * (performance.now() - inHand.started);
      if (reply.kind === 'done') inHand.job.resolve(reply.result);
      else if (reply.kind === 'rejected')
        inHand.job.reject(new ImageRejectedError(reply.code, reply.message));
      else inHand.job.reject(new Error(`image decoding failed: ${reply.message}`));
      pump();
    });
    // ERR_WORKER_OUT_OF_MEMORY, a trap in libheif's wasm, an uncaught throw: all end the thread.
    thread.worker.on('error', () => end(thread, crashed()));
    thread.worker.on('exit', () => end(thread, crashed()));
  }

  function pump(): void {
    if (closed) return;
    for (const thread of threads) {
      if (!thread.ready || thread.job) continue;
      const job = queue.shift();
      if (!job) return;
      const id = nextId++;
      const timer = setTimeout(() => end(thread, timedOut()), settings.timeoutMs);
      thread.job = { id, job, timer, started: performance.now() };
      thread.worker.postMessage({ ...job.task, id } satisfies IntakeRequest, job.transfer);
    }
    // Threads start when there is work for them, and replace those that ended.
    const starting = [...threads].filter((thread) => !thread.ready).length;
    for (let i = starting; i < queue.length && threads.size < settings.workers; i++) start();
  }

  function run<Result>(task: IntakeTask, transfer: ArrayBuffer[]): Promise<Result> {
    if (closed) return Promise.reject(new Error('The image pool is closed.'));
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
    return new Promise<Result>((resolve, reject) => {
      queue.push({ task, transfer, resolve: resolve as (result: unknown) => void, reject });
      pump();
    });
  }

  return {
    async normalise(bytes, limits) {
      const owned = ownBuffer(bytes);
      const image = await run<NormalisedImage>(
        { kind: 'normalise', bytes: owned.bytes, limits },
        owned.transfer,
      );
      // A Uint8Array after the move: callers (the store, moderation) expect a Buffer.
      return {
        ...image,
        bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      };
    },
    inspect(bytes, maxPixels) {
      // Copied, not moved: the caller keeps the picture it asked about.
      const copy = new Uint8Array(bytes);
      return run<PictureInfo>({ kind: 'inspect', bytes: copy, maxPixels }, [copy.buffer]);
    },
    async cover(bytes, size) {
      const copy = new Uint8Array(bytes);
      const jpeg = await run<Uint8Array>({ kind: 'cover', bytes: copy, size }, [copy.buffer]);
      return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
    },
    mask(bytes, size) {
      const copy = new Uint8Array(bytes);
      return run<MaskReading>({ kind: 'mask', bytes: copy, size }, [copy.buffer]);
    },
    photos: {
      recolour: async (photo, masks, look) =>
        asBuffer(
          await run<EncodedPicture>(
            { kind: 'photo-result', bytes: new Uint8Array(photo.bytes), masks, look },
            [],
          ),
        ),
      fitAnswer: async (answer, fit) => {
        // Moved, not copied: the provider has no further use for its raw answer.
        const owned = ownBuffer(answer);
        return asBuffer(
          await run<EncodedPicture>({ kind: 'fit-answer', bytes: owned.bytes, fit }, owned.transfer),
        );
      },
      pasteBack: async (photo, picture, masks) =>
        asBuffer(
          await run<EncodedPicture>(
            {
              kind: 'paste-back',
              bytes: new Uint8Array(photo.bytes),
              picture: new Uint8Array(picture.bytes),
              masks,
            },
            [],
          ),
        ),
    },
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

if (!isMainThread && workerData === WORKER_ROLE)
  void import('./intake-thread').then((thread) => thread.serveIntake());
