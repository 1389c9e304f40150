// Pictures from generation providers are untrusted too: checked in a pool thread like uploads. The runner checks
// one picture at a time, so one thread of their own suffices; it starts on first use and, like the moderation
// thread, serves the whole process (it never keeps a closing process alive).
import { createImagePool, type ImagePool, imagePoolSettings } from './image-pool';
import type { PictureInfo } from './inspect-picture';

/** Providers answer 1-4 MP; 16 MP leaves room for a larger model and bounds a decode to 64 MB of pixels. */
export const PROVIDER_MAX_PIXELS = 4096 * 4096;

let pool: ImagePool | undefined;

export function inspectProviderPicture(bytes: Uint8Array): Promise<PictureInfo> {
  pool ??= createImagePool({ ...imagePoolSettings(), workers: 1, queueMax: 4 });
  return pool.inspect(bytes, PROVIDER_MAX_PIXELS);
}
