import type { SurfaceMasks } from '../../images/surface-masks';
import type { ProviderImage } from '../provider';
import { type AnswerFit, fitAnswer } from './fit-answer';
import { pasteBack } from './paste-back';
import { type PhotoLook, photoResult } from './photo-result';

// The pixel work on the visitor's photo that a provider asks of the server: the offline recolour, a photoreal
// answer checked and made the photo's shape, and pasting it back through the masks. The job runner does it in its picture thread (a 12 MP photo is a
// second of CPU); `photoWorkHere` does the same work on the calling thread, for tools and tests.

export interface PhotoWork {
  /** The photo with its marked surfaces in `look` (the offline result). */
  recolour(photo: ProviderImage, masks: SurfaceMasks, look: PhotoLook): Promise<ProviderImage>;
  /**
   * A service's answer, checked against the pixel cap before it is decoded, in the photo's shape (fit-answer.ts);
   * `ImageRejectedError` for what is not a picture or is too large.
   */
  fitAnswer(answer: Buffer, fit: AnswerFit): Promise<ProviderImage>;
  /** The photo with `picture`'s pixels inside the marked surfaces and its own everywhere else. */
  pasteBack(photo: ProviderImage, picture: ProviderImage, masks: SurfaceMasks): Promise<ProviderImage>;
}

export const photoWorkHere: PhotoWork = {
  recolour: (photo, masks, look) => photoResult(photo.bytes, masks, look),
  fitAnswer: (answer, fit) => fitAnswer(answer, fit),
  pasteBack: (photo, picture, masks) => pasteBack(photo.bytes, picture.bytes, masks),
};
