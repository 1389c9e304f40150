// The upload's intake as pixel work (server/pixels/pixel-task.ts): what a picture thread does with an untrusted
// image. libheif and libvips run there, so a slow, hostile or crashing decode costs that thread only.
import { defineTasks } from '../pixels/pixel-task';
import { type CoverSize, coverJpeg } from './cover-image';
import { inspectPicture } from './inspect-picture';
import { type IntakeLimits, normaliseImage } from './normalise-image';
import { type MaskSize, readMask } from './read-mask';

export const intakeTasks = defineTasks({
  normalise: {
    run: ({ bytes, limits }: { bytes: Uint8Array; limits: IntakeLimits }) => normaliseImage(bytes, limits),
    moved: (image) => image.bytes,
  },
  inspect: {
    run: ({ bytes, maxPixels }: { bytes: Uint8Array; maxPixels: number }) => inspectPicture(bytes, maxPixels),
  },
  cover: {
    run: async ({ bytes, size }: { bytes: Uint8Array; size: CoverSize }): Promise<Uint8Array> =>
      coverJpeg(bytes, size),
    moved: (jpeg) => jpeg,
  },
  mask: {
    run: ({ bytes, size }: { bytes: Uint8Array; size: MaskSize }) => readMask(bytes, size),
    moved: (reading) => (reading.kind === 'mask' ? reading.png : undefined),
  },
});

export type IntakeTasks = typeof intakeTasks;
