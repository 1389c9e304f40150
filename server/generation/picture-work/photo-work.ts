import { asBuffer, ownBuffer, type PixelPool } from '../../pixels/pixel-pool';
import type { PhotoWork } from '../provider';
import { fitAnswer } from './fit-answer';
import { pasteBack } from './paste-back';
import type { EncodedPicture } from './photo-result';
import { photoResult } from './photo-result';
import type { PictureTasks } from './picture-tasks';

// The photo's pixel work (`PhotoWork`, provider.ts) done on the calling thread, for tools and tests, or asked of
// the picture threads (server/pixels/pixel-pool.ts) as the job runner does: a 12 MP photo is a second of CPU.

export const photoWorkHere: PhotoWork = {
  recolour: (photo, masks, look) => photoResult(photo.bytes, masks, look),
  fitAnswer: (answer, fit) => fitAnswer(answer, fit),
  pasteBack: (photo, picture, masks) => pasteBack(photo.bytes, picture.bytes, masks),
};

/** A picture back from a thread: its bytes arrive as a Uint8Array, and the store expects a Buffer. */
const stored = (picture: EncodedPicture): EncodedPicture => ({ ...picture, bytes: asBuffer(picture.bytes) });

export function photoWorkIn(pool: PixelPool): PhotoWork {
  return {
    // The inputs stay the caller's: the thread gets copies.
    recolour: async (photo, masks, look) =>
      stored(
        await pool.run<PictureTasks, 'photo-result'>('photo-result', {
          bytes: new Uint8Array(photo.bytes),
          masks,
          look,
        }),
      ),
    fitAnswer: async (answer, fit) => {
      // Moved, not copied: the provider has no further use for its raw answer.
      const owned = ownBuffer(answer);
      return stored(
        await pool.run<PictureTasks, 'fit-answer'>('fit-answer', { bytes: owned.bytes, fit }, owned.transfer),
      );
    },
    pasteBack: async (photo, picture, masks) =>
      stored(
        await pool.run<PictureTasks, 'paste-back'>('paste-back', {
          bytes: new Uint8Array(photo.bytes),
          picture: new Uint8Array(picture.bytes),
          masks,
        }),
      ),
  };
}
