import type { SurfaceMasks } from '../../images/surface-masks';
import type { ProviderImage } from '../provider';
import { pasteBack } from './paste-back';
import { type PhotoLook, photoResult } from './photo-result';

// The pixel work on the visitor's photo that a provider asks of the server: the offline recolour, and pasting a
// photoreal picture back through the masks. The job runner does it in its picture thread (a 12 MP photo is a
// second of CPU); `photoWorkHere` does the same work on the calling thread, for tools and tests.

export interface PhotoWork {
  /** The photo with its marked surfaces in `look` (the offline result). */
  recolour(photo: ProviderImage, masks: SurfaceMasks, look: PhotoLook): Promise<ProviderImage>;
  /** The photo with `picture`'s pixels inside the marked surfaces and its own everywhere else. */
  pasteBack(photo: ProviderImage, picture: ProviderImage, masks: SurfaceMasks): Promise<ProviderImage>;
}

export const photoWorkHere: PhotoWork = {
  recolour: (photo, masks, look) => photoResult(photo.bytes, masks, look),
  pasteBack: (photo, picture, masks) => pasteBack(photo.bytes, picture.bytes, masks),
};
