// The server's picture threads as tools and tests open them: the same module and words as the server's pixel room
// (server/pixels/pixel-room.ts), without a server round them. The caller closes the pool.
import { pictureErrors } from '../server/images/intake-work';
import { PIXEL_THREAD } from '../server/pixel-thread';
import {
  createPixelPool,
  type PixelPool,
  type PixelPoolSettings,
  pixelPoolSettings,
} from '../server/pixels/pixel-pool';

export const openPixelPool = (settings: Partial<PixelPoolSettings> = {}): PixelPool =>
  createPixelPool(pixelPoolSettings(settings), PIXEL_THREAD.url, PIXEL_THREAD.workerData, pictureErrors);
