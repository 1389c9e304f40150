import { z } from 'zod';
import { kitchenDescriptionSchema } from './kitchen-choices';

// Share links (issue 16): the answers of the owner's API (its paths are in share-paths.ts, which loads no zod).

export const createShareRequestSchema = z.object({ includeBefore: z.boolean() });
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  includeBefore: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Only the answer that creates a link carries its address: the server keeps a hash of the token, never it. */
export const createdShareSchema = z.object({ share: shareLinkSchema, url: z.string() });
export const shareListSchema = z.object({ shares: z.array(shareLinkSchema) });
export const shareResponseSchema = z.object({ share: shareLinkSchema });
/** A result's choices in words, and its picture (`GET /images/{resultImageId}`), for the side-by-side view. */
export const jobChoicesResponseSchema = z.object({
  resultImageId: z.uuid(),
  description: kitchenDescriptionSchema,
});
export type JobChoicesResponse = z.infer<typeof jobChoicesResponseSchema>;
