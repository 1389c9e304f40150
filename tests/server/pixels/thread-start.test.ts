// A picture thread that dies while starting (server/pixels/pixel-pool.ts): once may be the moment, a heap limit near
// what a thread needs to start or a machine short of memory, so it is started again; only after START_TRIES in a
// row is the task waiting for it failed, as the server's fault, and the next task still gets a thread. Found as a
// 500 for the upload after an out-of-memory one in a CI run, where the replacement thread's heap limit sat at the
// edge of what a thread starts in (tests/server/images/decode-pool.test.ts).
import { describe, expect, it } from 'vitest';
import { pictureErrors } from '../../../server/images/intake-work';
import { createPixelPool, pixelPoolSettings, START_TRIES } from '../../../server/pixels/pixel-pool';
import type { TaskTable } from '../../../server/pixels/pixel-task';

function poolFailingFirst(failFirst: number) {
  const starts = new SharedArrayBuffer(4);
  const pool = createPixelPool(
    pixelPoolSettings({ workers: 1 }),
    new URL('./flaky-start-thread.ts', import.meta.url).href,
    { starts, failFirst },
    pictureErrors,
  );
  return { pool, started: () => Atomics.load(new Int32Array(starts), 0) };
}

describe('a picture thread that dies while starting', () => {
  it('is started again, and the task waiting for it is done', async () => {
    const { pool, started } = poolFailingFirst(START_TRIES - 1);
    try {
      await expect(pool.run<TaskTable, 'echo'>('echo', 'a photo')).resolves.toBe('a photo');
      expect(started()).toBe(START_TRIES);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it(`fails the waiting task after ${START_TRIES} in a row, and gives the next task a thread`, async () => {
    const { pool, started } = poolFailingFirst(START_TRIES);
    try {
      await expect(pool.run<TaskTable, 'echo'>('echo', 'a photo')).rejects.toThrow(
        'A picture thread could not start.',
      );
      expect(started()).toBe(START_TRIES);
      await expect(pool.run<TaskTable, 'echo'>('echo', 'the next photo')).resolves.toBe('the next photo');
      expect(started()).toBe(START_TRIES + 1);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
