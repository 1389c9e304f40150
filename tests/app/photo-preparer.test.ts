// The page's side of the photo worker, talking to a stand-in worker (Node has no Web Workers; the pipeline
// inside the worker is tested piece by piece in photo.test.ts).
import { describe, expect, it } from 'vitest';
import { PHOTO_ERRORS } from '../../src/photo-preparation/photo-errors';
import type { PhotoWorkerReply, PhotoWorkerRequest } from '../../src/photo-preparation/photo-messages';
import { createPhotoPreparer } from '../../src/photo-preparation/photo-preparer';

/** A worker that answers each photo with `reply`, or holds it until told. */
class StandInWorker extends EventTarget {
  readonly received: PhotoWorkerRequest[] = [];
  constructor(private readonly reply?: (request: PhotoWorkerRequest) => PhotoWorkerReply) {
    super();
  }
  postMessage(request: PhotoWorkerRequest) {
    this.received.push(request);
    const { reply } = this;
    if (reply) queueMicrotask(() => this.answer(reply(request)));
  }
  answer(reply: PhotoWorkerReply) {
    this.dispatchEvent(new MessageEvent('message', { data: reply }));
  }
  terminate() {}
}

const asWorker = (worker: StandInWorker) => worker as unknown as Worker;
const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

describe('createPhotoPreparer', () => {
  it('starts one worker on the first photo and keeps it for the next', async () => {
    let started = 0;
    const worker = new StandInWorker(({ id }) => ({
      id,
      ok: true,
      photo: { dataUrl: `data:,${id}`, imageKey: `k${id}` },
    }));
    const prepare = createPhotoPreparer(() => {
      started += 1;
      return asWorker(worker);
    });
    expect(started).toBe(0);
    const [first, second] = await Promise.all([prepare(photo), prepare(photo)]);
    expect(first).toEqual({ dataUrl: 'data:,1', imageKey: 'k1' });
    expect(second).toEqual({ dataUrl: 'data:,2', imageKey: 'k2' });
    expect(started).toBe(1);
    expect(worker.received[0]?.file).toBe(photo);
  });

  it("rejects with the worker's message for the user", async () => {
    const prepare = createPhotoPreparer(() =>
      asWorker(new StandInWorker(({ id }) => ({ id, ok: false, message: PHOTO_ERRORS.notAnImage }))),
    );
    await expect(prepare(photo)).rejects.toThrow(PHOTO_ERRORS.notAnImage);
  });

  it('stops waiting when the machine cancels, and ignores the late answer', async () => {
    const worker = new StandInWorker();
    const prepare = createPhotoPreparer(() => asWorker(worker));
    const controller = new AbortController();
    const pending = prepare(photo, controller.signal);
    controller.abort(new Error('left the step'));
    await expect(pending).rejects.toThrow('left the step');
    expect(() =>
      worker.answer({ id: 1, ok: true, photo: { dataUrl: 'data:,', imageKey: 'k' } }),
    ).not.toThrow();
  });

  it('fails every waiting photo when the worker crashes, and starts a new worker for the next', async () => {
    const workers: StandInWorker[] = [];
    const prepare = createPhotoPreparer(() => {
      const worker = new StandInWorker(
        workers.length === 0
          ? undefined
          : ({ id }) => ({ id, ok: true, photo: { dataUrl: 'data:,', imageKey: 'k' } }),
      );
      workers.push(worker);
      return asWorker(worker);
    });
    const pending = prepare(photo);
    workers[0]?.dispatchEvent(new Event('error'));
    await expect(pending).rejects.toThrow(PHOTO_ERRORS.failed);
    await expect(prepare(photo)).resolves.toEqual({ dataUrl: 'data:,', imageKey: 'k' });
    expect(workers).toHaveLength(2);
  });
});
