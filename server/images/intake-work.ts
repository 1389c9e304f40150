// The upload's intake asked of the picture threads (server/pixels/pixel-pool.ts): each call one task of
// intake-tasks.ts, typed by its table, with the words an upload's failures read in.

import type { ImageErrorCode } from '../../contract/images';
import { asBuffer, movableCopy, ownBuffer, type PixelPool, type PixelPoolErrors } from '../pixels/pixel-pool';
import type { CoverSize } from './cover-image';
import { ImageRejectedError } from './image-rejection';
import type { PictureInfo } from './inspect-picture';
import type { IntakeTasks } from './intake-tasks';
import type { IntakeLimits, NormalisedImage } from './normalise-image';
import type { MaskReading, MaskSize } from './read-mask';

export interface ImageIntake {
  /**
   * `normaliseImage` (normalise-image.ts) in a picture thread. `bytes` that own their whole buffer are moved to
   * the thread, not copied: the caller must not read them afterwards.
   */
  normalise(bytes: Uint8Array, limits: IntakeLimits): Promise<NormalisedImage>;
  /** `inspectPicture` (inspect-picture.ts) in a picture thread; `bytes` stay the caller's. */
  inspect(bytes: Uint8Array, maxPixels: number): Promise<PictureInfo>;
  /** `coverJpeg` (cover-image.ts) in a picture thread; `bytes` stay the caller's. */
  cover(bytes: Uint8Array, size: CoverSize): Promise<Buffer>;
  /** `readMask` (read-mask.ts) in a picture thread; `bytes` stay the caller's. */
  mask(bytes: Uint8Array, size: MaskSize): Promise<MaskReading>;
}

/** How a picture thread's failures read to whoever sent the picture. */
export const pictureErrors: PixelPoolErrors = {
  timedOut: () =>
    new ImageRejectedError(
      'IMAGE_UNDECODABLE',
      'This photo took too long to read; it may be damaged or unusually complex. Please try another photo.',
    ),
  crashed: () =>
    new ImageRejectedError(
      'IMAGE_UNDECODABLE',
      'This photo could not be read: decoding it needed more than we allow. Please try another photo.',
    ),
  // Every refusal a picture task throws is an ImageRejectedError (the intake's and the answer check's), so its
  // code is one of theirs.
  rejected: (code, message) => new ImageRejectedError(code as ImageErrorCode, message),
};

export function imageIntake(pool: PixelPool): ImageIntake {
  return {
    async normalise(bytes, limits) {
      const owned = ownBuffer(bytes);
      const image = await pool.run<IntakeTasks, 'normalise'>(
        'normalise',
        { bytes: owned.bytes, limits },
        owned.transfer,
      );
      // A Uint8Array after the move: callers (the store, moderation) expect a Buffer.
      return { ...image, bytes: asBuffer(image.bytes) };
    },
    inspect(bytes, maxPixels) {
      // Copied, not moved: the caller keeps the picture it asked about.
      const copy = movableCopy(bytes);
      return pool.run<IntakeTasks, 'inspect'>('inspect', { bytes: copy.bytes, maxPixels }, copy.transfer);
    },
    async cover(bytes, size) {
      const copy = movableCopy(bytes);
      return asBuffer(
        await pool.run<IntakeTasks, 'cover'>('cover', { bytes: copy.bytes, size }, copy.transfer),
      );
    },
    mask(bytes, size) {
      const copy = movableCopy(bytes);
      return pool.run<IntakeTasks, 'mask'>('mask', { bytes: copy.bytes, size }, copy.transfer);
    },
  };
}
