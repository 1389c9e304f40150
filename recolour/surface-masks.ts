import type { MarkedSurface } from '../contract/surface-masks';

// A photo's marked surfaces as the recolour reads them: one 8-bit grey plane per surface at the photo's exact
// size (255 = the surface, 0 = not, between = a soft edge). The server stores them as PNGs beside the photo; the
// browser grows them from strokes; both hand the recolour this one shape.

export interface SurfaceMasks {
  width: number;
  height: number;
  /** One plane per marked surface, `width * height` bytes, row-major; a surface not marked is absent. */
  planes: Partial<Record<MarkedSurface, Uint8Array>>;
}
