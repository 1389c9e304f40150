import { z } from 'zod';
import { API_PREFIX, myDataPaths } from './endpoints';
import { markedSurfaceSchema } from './surface-masks';

/** The word a deletion must carry in its body, so a stray or replayed empty request cannot erase anything. */
export const DELETE_CONFIRMATION = 'delete';

/** `DELETE /users/me`: answered 204, with the session cookie cleared. */
export const deleteMyDataRequestSchema = z.object({ confirm: z.literal(DELETE_CONFIRMATION) });
export type DeleteMyDataRequest = z.infer<typeof deleteMyDataRequestSchema>;

/** Where the browser downloads the zip (a plain link: the session cookie goes with it). */
export const myDataExportUrl = `${API_PREFIX}${myDataPaths.export}`;

/** The JSON inside the export zip, beside the images it names. */
export const EXPORT_DATA_FILE = 'kitchen-data.json';

export const exportedImageSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['upload', 'empty_room', 'kitchen']).nullable(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The entry in the zip; null when the bytes could not be read (expired while the zip was written). */
  file: z.string().nullable(),
  /** A photo's marked surfaces (issue 22): each a grey PNG in the zip, `masks/<photo id>-<surface>.png`. */
  masks: z.array(z.object({ surface: markedSurfaceSchema, file: z.string().nullable() })).optional(),
});

export const exportedGenerationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['empty_room', 'kitchen']),
  state: z.string(),
  /** What was asked for: the photo, and for a kitchen the choices (catalogue ids, layout, island). */
  request: z.record(z.string(), z.unknown()),
  resultImageId: z.uuid().nullable(),
  error: z.string().nullable(),
  provider: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const exportedDataSchema = z.object({
  exportedAt: z.string(),
  /** Null for a visitor the server keeps nothing about yet. */
  user: z
    .object({ id: z.number().int(), createdAt: z.string(), generationsRemaining: z.number().int() })
    .nullable(),
  images: z.array(exportedImageSchema),
  generations: z.array(exportedGenerationSchema),
});
export type ExportedData = z.infer<typeof exportedDataSchema>;
export type ExportedImage = z.infer<typeof exportedImageSchema>;
