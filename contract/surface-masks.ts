// The surfaces a visitor marks on their photo (issue 22): which pixels are cabinet fronts and which are worktop.
// The app grows them from strokes and uploads them; the server keeps them with the photo (owner-only, retained,
// exported and deleted with it) and the generation recolours or inpaints only inside them.
import { z } from 'zod';
import { API_PREFIX } from './endpoints';

/** The surfaces a recolour can change, in the order they are drawn (the worktop lies over the fronts below it). */
export const MARKED_SURFACES = ['fronts', 'worktop'] as const;
export type MarkedSurface = (typeof MARKED_SURFACES)[number];
export const markedSurfaceSchema = z.enum(MARKED_SURFACES);

/**
 * `PUT` replaces a photo's masks: multipart/form-data with one part per marked surface, named by the surface.
 * Each part is a PNG at the stored photo's exact width and height, 255 where the surface is, 0 elsewhere; values
 * between are a soft edge. Best one grey channel; any other PNG is read as one plane: with transparency (alpha
 * below 255 anywhere) by its alpha, painted strokes being the surface whatever their colour; without, by its
 * brightest colour channel. An empty or unreadable part is `MASK_UNDECODABLE`. A surface left out is not marked. `GET` answers which surfaces are marked; `DELETE` removes them all. Owner-only.
 */
export const SURFACE_MASKS_PATH = '/images/:id/masks';
/** `GET` one surface's mask as a grey PNG at the photo's size; owner-only; 404 when that surface is not marked. */
export const SURFACE_MASK_PATH = '/images/:id/masks/:surface';

export const surfaceMasksUrl = (imageId: string) =>
  `${API_PREFIX}/images/${encodeURIComponent(imageId)}/masks`;
export const surfaceMaskUrl = (imageId: string, surface: MarkedSurface) =>
  `${surfaceMasksUrl(imageId)}/${surface}`;

/** What the photo's masks are: the surfaces marked, and the size every mask has (the stored photo's). */
export const surfaceMasksResponseSchema = z.object({
  imageId: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  surfaces: z.array(markedSurfaceSchema),
});
export type SurfaceMasksResponse = z.infer<typeof surfaceMasksResponseSchema>;

/** The `code` of each mask rejection (in the `contract/errors.ts` body). */
export const surfaceMaskErrorCodes = [
  'MASK_SIZE_MISMATCH',
  'MASK_UNDECODABLE',
  'MASK_UNKNOWN_SURFACE',
] as const;
export type SurfaceMaskErrorCode = (typeof surfaceMaskErrorCodes)[number];
