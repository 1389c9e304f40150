// How the server reads a photo's marked surfaces (recolour/surface-masks.ts: one grey plane per surface at the
// stored photo's exact size). The store keeps them as PNGs beside the photo; generation reads them in that form,
// so every renderer and provider sees one shape.
import type { SurfaceMasks } from '../../recolour/surface-masks';

/** Reads the masks its owner marked on a photo; null when none are marked (or the photo is not theirs). */
export type ReadSurfaceMasks = (ownerId: number, imageId: string) => Promise<SurfaceMasks | null>;
