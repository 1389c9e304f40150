import { z } from 'zod';
import { API_PREFIX } from './endpoints';

/** `POST /image/validate_image_content` takes multipart/form-data with the photo in this field. */
export const IMAGE_UPLOAD_FIELD = 'file';

/**
 * Whether the photo looks like a kitchen (issue 22): a soft check, never a refusal. `found` names the kitchen
 * objects seen (COCO names: refrigerator, oven, microwave, sink, toaster); none found, the app warns and lets the
 * visitor continue anyway (an empty room is a fair photo too).
 */
export const kitchenCheckSchema = z.object({
  looksLikeKitchen: z.boolean(),
  found: z.array(z.string()),
  /**
   * Things the detector located that a kitchen's fronts and worktop are not (a fridge, a chair, a bottle): the
   * marking tool keeps their cores the photo's own unless a stroke crosses them (issue 32). The box is x0, y0,
   * x1, y1 as fractions of the photo's width and height. Absent from an older server's answer.
   */
  objects: z
    .array(
      z.object({
        label: z.string().max(40),
        box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      }),
    )
    .max(64)
    .optional(),
});
export type KitchenCheck = z.infer<typeof kitchenCheckSchema>;

/**
 * The verdict on an uploaded photo. A safe photo is kept (normalised) under `imageId`; an unsafe one is a
 * verdict, not an error, and is not kept, so it has no id. Width and height are the normalised image's. A safe
 * photo may carry the kitchen check.
 */
export const validateImageResponseSchema = z.discriminatedUnion('isSafe', [
  z.object({
    isSafe: z.literal(true),
    imageId: z.uuid(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** Absent when the server has no detector (the rule moderator, an older server): no warning then. */
    kitchenCheck: kitchenCheckSchema.optional(),
  }),
  z.object({
    isSafe: z.literal(false),
    imageId: z.null(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
]);
export type ValidateImageResponse = z.infer<typeof validateImageResponseSchema>;

/** `GET` a stored image, for its owner only; relative to `API_PREFIX`. */
export const IMAGE_PATH = '/images/:id';
export const imageUrl = (imageId: string) => `${API_PREFIX}/images/${encodeURIComponent(imageId)}`;

/** The `code` of each upload rejection (in the `contract/errors.ts` body), for the app to word or map. */
export const imageErrorCodes = [
  'IMAGE_EMPTY',
  'IMAGE_UNSUPPORTED_TYPE',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNDECODABLE',
  'UPLOAD_NOT_MULTIPART',
  'UPLOAD_MALFORMED',
  'UPLOAD_FILE_MISSING',
  'UPLOAD_TOO_MANY_PARTS',
  'IMAGE_NOT_FOUND',
] as const;
export type ImageErrorCode = (typeof imageErrorCodes)[number];
