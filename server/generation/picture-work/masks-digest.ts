import { createHash } from 'node:crypto';
import { MARKED_SURFACES } from '../../../contract/surface-masks';
import type { SurfaceMasks } from '../../../recolour/surface-masks';

/**
 * A fingerprint of a photo's marked surfaces, kept in a kitchen job's request: the offline result is a function
 * of the photo, the masks and the choices, so a request with the same three can be answered by the same picture.
 */
export function masksDigest(masks: SurfaceMasks): string {
  const hash = createHash('sha256').update(`${masks.width}x${masks.height}`);
  for (const surface of MARKED_SURFACES) {
    const plane = masks.planes[surface];
    if (plane) hash.update(`|${surface}|`).update(plane);
  }
  return hash.digest('base64url');
}
