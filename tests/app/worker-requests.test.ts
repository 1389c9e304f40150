import { describe, expect, it } from 'vitest';
import { workerRequests } from '../../src/workers/worker-requests';

// The one request-by-id client both workers' page sides use: answers go to the request whose id they carry, a
// worker's "failed" answer rejects its request alone, a crash fails all that wait and the next request starts
// a fresh worker, and an aborted request is answered at once.

interface Reply {
  id: number;
  ok: boolean;
  value: string;
}

/** A worker in the test's hands: what it was sent, and a way to answer or crash. */
class FakeWorker {
  sent: { id: number; value: string }[] = [];
  terminated = false;
  private listeners: Record<string, ((event: { data?: unknown }) => void)[]> = {};
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }
  postMessage(message: { id: number; value: string }) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(reply: Reply) {
    for (const listener of this.listeners.message ?? []) listener({ data: reply });
  }
  crash() {
    for (const listener of this.listeners.error ?? []) listener({});
  }
}

function client() {
  const started: FakeWorker[] = [];
  const requests = workerRequests<{ value: string }, Reply>(
    () => {
      const worker = new FakeWorker();
      started.push(worker);
      return worker as unknown as Worker;
    },
    {
      refusal: (reply) => (reply.ok ? undefined : new Error(reply.value)),
      crashed: () => new Error('stopped working'),
    },
  );
  return { requests, started };
}

describe('requests to a worker', () => {
  it('settles each request with the reply that carries its id, in whatever order they come', async () => {
    const { requests, started } = client();
    const first = requests.send({ value: 'a' });
    const second = requests.send({ value: 'b' });
    const [worker] = started;
    expect(started).toHaveLength(1);
    const [one, two] = worker?.sent ?? [];
    worker?.answer({ id: two?.id ?? 0, ok: true, value: 'B' });
    worker?.answer({ id: one?.id ?? 0, ok: false, value: 'refused' });
    await expect(second).resolves.toMatchObject({ value: 'B' });
    await expect(first).rejects.toThrow('refused');
  });

  it('fails everything waiting when the worker crashes, and starts a fresh one for the next request', async () => {
    const { requests, started } = client();
    const waiting = [requests.send({ value: 'a' }), requests.send({ value: 'b' })];
    started[0]?.crash();
    for (const request of waiting) await expect(request).rejects.toThrow('stopped working');
    expect(started[0]?.terminated).toBe(true);
    const next = requests.send({ value: 'c' });
    expect(started).toHaveLength(2);
    started[1]?.answer({ id: started[1]?.sent[0]?.id ?? 0, ok: true, value: 'C' });
    await expect(next).resolves.toMatchObject({ value: 'C' });
  });

  it('answers an aborted request at once with its reason, and drops the late reply', async () => {
    const { requests, started } = client();
    const controller = new AbortController();
    const request = requests.send({ value: 'a' }, controller.signal);
    controller.abort(new Error('new photo'));
    await expect(request).rejects.toThrow('new photo');
    started[0]?.answer({ id: started[0]?.sent[0]?.id ?? 0, ok: true, value: 'late' });
    await expect(requests.send({ value: 'b' }, AbortSignal.abort(new Error('already')))).rejects.toThrow(
      'already',
    );
  });
});
