// The server's picture threads' module (the composition, as app.ts is the server's): imported, it names itself for
// the pool to start; loaded by a thread (from its own URL, which in dist-server/ is a file of its own because it
// is a build entry), it serves every domain's table of pixel work (server/pixels/pixel-task.ts).
import { isMainThread, workerData } from 'node:worker_threads';

const ROLE = 'kitchen-reimagined:pixels';

/** What the pool starts its threads with (server/pixels/pixel-pool.ts). */
export const PIXEL_THREAD = { url: import.meta.url, workerData: ROLE };

if (!isMainThread && workerData === ROLE)
  void Promise.all([
    import('sharp'),
    import('./pixels/serve-tasks'),
    import('./images/intake-tasks'),
    import('./generation/picture-work/picture-tasks'),
  ]).then(([sharp, host, intake, pictures]) => {
    // One task at a time per thread, so libvips' cache only costs memory.
    sharp.default.cache(false);
    host.serveTasks([intake.intakeTasks, pictures.pictureTasks]);
  });
