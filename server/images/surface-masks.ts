// A photo's marked surfaces as the server works with them: one 8-bit grey plane per surface at the stored photo's
// exact size (255 = the surface, 0 = not, between = a soft edge). The store keeps them as PNGs beside the photo;
// generation reads them in this form, so every renderer and provider sees one shape.
import type { MarkedSurface } from '../../contract/surface-masks';

export interface SurfaceMasks {
  width: number;
  height: number;
  /** One plane per marked surface, `width * height` bytes, row-major; a surface not marked is absent. */
  planes: Partial<Record<MarkedSurface, Uint8Array>>;
}

/** Reads the masks its owner marked on a photo; null when none are marked (or the photo is not theirs). */
export type ReadSurfaceMasks = (ownerId: number, imageId: string) => Promise<SurfaceMasks | null>;
