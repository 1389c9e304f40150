// The nsfw model, and the COCO detector behind the kitchen check (issue 22, D45), in a worker thread of its own.
// Importing tfjs and loading the model take most of a second of JavaScript, and scoring an image about a tenth of
// one: on the server's thread either would hold up every other request (a page load right after start waited for
// the model). Here the server's thread only posts bytes and
// reads back scores. One thread serves the whole process; if it dies, the next image starts a new one.
//
// This file is both sides: imported, it is the client; run as the worker (workerData says so), it scores each photo
// with photo-scoring.ts.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startModuleWorker } from '../pixels/module-worker';
import { type ModeratedImage, type Moderator, observed } from './moderator';
import { type NsfwModeratorOptions, nsfwThreshold, verdictOf } from './nsfw-verdict';
import type { PhotoScores } from './photo-scoring';

const WORKER_ROLE = 'kitchen-reimagined:moderation';

type Request = { id: number; bytes: Uint8Array };
type Reply =
  | { kind: 'ready' }
  | { kind: 'unavailable'; message: string }
  | ({ kind: 'scored'; id: number } & PhotoScores)
  | { kind: 'failed'; id: number; message: string };

interface ScoringThread {
  ready: Promise<void>;
  score(image: ModeratedImage): Promise<PhotoScores>;
  /** Ends the thread, failing what it had in hand; the next image starts a new one. */
  stop(reason: Error): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const startWorker = () => startModuleWorker(import.meta.url, { workerData: WORKER_ROLE });

let shared: ScoringThread | undefined;

function scoringThread(): ScoringThread {
  if (shared) return shared;
  const worker = startWorker();
  // The thread never keeps the process alive on its own: a server that is closing does not wait for it.
  worker.unref();
  const pending = new Map<
    number,
    { resolve: (scored: PhotoScores) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  let settleReady: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const ready = observed(
    new Promise<void>((resolve, reject) => {
      settleReady = { resolve, reject };
    }),
  );

  const thread: ScoringThread = {
    ready,
    score(image) {
      const id = nextId++;
      // A copy the thread can own: the caller's bytes may be a view into a pooled buffer.
      const bytes = new Uint8Array(image.bytes);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, bytes } satisfies Request, [bytes.buffer]);
      });
    },
    stop: (reason) => fail(reason),
  };

  const fail = (error: Error) => {
    if (shared === thread) shared = undefined;
    void worker.terminate();
    settleReady?.reject(error);
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    if (reply.kind === 'ready') return settleReady?.resolve();
    if (reply.kind === 'unavailable') return fail(new Error(reply.message));
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.kind === 'scored') waiting?.resolve(reply);
    else waiting?.reject(new Error(reply.message));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The moderation thread stopped (exit code ${code}).`)));
  shared = thread;
  return thread;
}

/** The nsfw moderator (DESIGN D4), scoring in its own thread; the threshold is applied here. */
export async function createThreadedModerator(options: NsfwModeratorOptions = {}): Promise<Moderator> {
  const threshold = nsfwThreshold(options);
  return {
    get ready() {
      return scoringThread().ready;
    },
    async classify(image) {
      const { scores, kitchenCheck } = await scoringThread().score(image);
      return { ...verdictOf(scores, threshold), ...(kitchenCheck ? { kitchenCheck } : {}) };
    },
    restart: () => shared?.stop(new Error('The moderation thread was restarted.')),
  };
}

async function serveScores(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { createPhotoScorer } = await import('./photo-scoring');
  const scorer = createPhotoScorer();
  try {
    await scorer.ready;
    port.postMessage({ kind: 'ready' } satisfies Reply);
  } catch (error) {
    port.postMessage({ kind: 'unavailable', message: messageOf(error) } satisfies Reply);
    return;
  }
  port.on('message', async ({ id, bytes }: Request) => {
    try {
      port.postMessage({ kind: 'scored', id, ...(await scorer.score(bytes)) } satisfies Reply);
    } catch (error) {
      port.postMessage({ kind: 'failed', id, message: messageOf(error) } satisfies Reply);
    }
  });
}

if (!isMainThread && workerData === WORKER_ROLE) void serveScores();
