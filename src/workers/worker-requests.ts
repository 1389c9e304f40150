// Requests to a Web Worker, each answered by the reply that repeats its id: the one piece both workers' page
// sides share (the photo's preparation, the marking). The worker starts on the first request and is kept; if it
// fails to load or crashes, every waiting request fails and the next one starts a fresh worker.

export interface WorkerRequests<Request, Reply> {
  /** Posts `request` with an id of its own; settles with the reply that carries it. */
  send(request: Request, signal?: AbortSignal): Promise<Reply>;
  /** Stops the worker, failing whatever waits; the next request starts afresh. */
  close(): void;
}

interface Pending<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: unknown) => void;
}

export function workerRequests<Request extends object, Reply extends { readonly id: number }>(
  startWorker: () => Worker,
  {
    refusal,
    crashed,
  }: {
    /** The error a reply says it is, if it is one (a worker's own "failed" answer). */
    refusal: (reply: Reply) => Error | undefined;
    /** The error for every waiting request when the worker fails. */
    crashed: () => Error;
  },
): WorkerRequests<Request, Reply> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending<Reply>>();

  const settle = ({ data }: MessageEvent<Reply>) => {
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (!request) return;
    const error = refusal(data);
    if (error) request.reject(error);
    else request.resolve(data);
  };
  const fail = () => {
    worker?.terminate();
    worker = undefined;
    for (const request of pending.values()) request.reject(crashed());
    pending.clear();
  };
  const running = () => {
    if (!worker) {
      worker = startWorker();
      worker.addEventListener('message', settle);
      worker.addEventListener('error', fail);
    }
    return worker;
  };

  return {
    send: (request, signal) =>
      new Promise<Reply>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const id = nextId++;
        pending.set(id, { resolve, reject });
        signal?.addEventListener(
          'abort',
          () => {
            // The worker finishes regardless; its answer is simply dropped.
            pending.delete(id);
            reject(signal.reason);
          },
          { once: true },
        );
        running().postMessage({ ...request, id });
      }),
    close: fail,
  };
}
