// The room for pixel work (issue 35): the server's picture threads as a plugin of their own, opened with the
// server and closed on its shutdown. Two pools of the same threads (server/pixel-thread.ts serves every task in
// each): one for uploads, masks and share previews, and the job runner's own single thread, so that uploads never
// crowd out the runner's one picture at a time (nor it them).
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { createPixelPool, type PixelPool, type PixelPoolErrors, type PixelPoolSettings } from './pixel-pool';

export interface PixelRoom {
  /** The uploads' decoding, the masks' reading and the share pages' previews. */
  shared: PixelPool;
  /** The job runner's: a provider's answer checked, the photo recoloured or pasted back. */
  runner: PixelPool;
}

export interface PixelRoomOptions {
  settings: PixelPoolSettings;
  /** The module the threads run, and what they are started with. */
  thread: { url: string; workerData: unknown };
  errors: PixelPoolErrors;
}

declare module 'fastify' {
  interface FastifyInstance {
    pixels: PixelRoom;
  }
}

const room: FastifyPluginAsync<PixelRoomOptions> = async (app, { settings, thread, errors }) => {
  const pool = (chosen: PixelPoolSettings) => createPixelPool(chosen, thread.url, thread.workerData, errors);
  const pixels: PixelRoom = {
    shared: pool(settings),
    // The runner checks one provider picture at a time.
    runner: pool({ ...settings, workers: 1, queueMax: 2 }),
  };
  app.decorate('pixels', pixels);
  app.addHook('onClose', async () => {
    await Promise.all([pixels.shared.close(), pixels.runner.close()]);
  });
};

/** Registered once at the root: the room is the whole server's, not one route group's. */
export const pixelRoom = fastifyPlugin(room, { name: 'pixel-room' });
