// The room for pixel work (server/pixels/, D81): one pool whose threads serve every domain's table of tasks, typed
// by the caller's table; a kind no table names fails as such, and the room's pools close with the server.
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { IntakeTasks } from '../../../server/images/intake-tasks';
import { pictureErrors } from '../../../server/images/intake-work';
import { PIXEL_THREAD } from '../../../server/pixel-thread';
import { pixelPoolSettings } from '../../../server/pixels/pixel-pool';
import { pixelRoom } from '../../../server/pixels/pixel-room';
import type { TaskTable } from '../../../server/pixels/pixel-task';
import { openPixelPool } from '../../../tooling/pixel-pool';

describe('the picture threads', () => {
  it("run one domain's task by its kind, and fail a kind no table names", async () => {
    const pool = openPixelPool({ workers: 1 });
    try {
      const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();
      const info = await pool.run<IntakeTasks, 'inspect'>('inspect', { bytes: png, maxPixels: 100 });
      expect(info).toMatchObject({ width: 3, height: 2 });
      await expect(pool.run<TaskTable, 'no-such-work'>('no-such-work', {})).rejects.toThrow(
        'No picture task is called no-such-work.',
      );
    } finally {
      await pool.close();
    }
  });

  it('are a plugin of the server, closed when it closes', async () => {
    const app = Fastify({ logger: false });
    await app.register(pixelRoom, {
      settings: pixelPoolSettings({ workers: 1 }),
      thread: PIXEL_THREAD,
      errors: pictureErrors,
    });
    await app.ready();
    const { shared, runner } = app.pixels;
    await app.close();
    for (const pool of [shared, runner])
      await expect(pool.run<TaskTable, 'inspect'>('inspect', {})).rejects.toThrow(
        'The picture pool is closed.',
      );
  });
});
