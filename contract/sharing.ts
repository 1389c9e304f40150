import { z } from 'zod';
import { kitchenDescriptionSchema } from './kitchen-choices';

// Share links (issue 16): the owner's API under API_PREFIX, and the public pages outside it.

export const sharePaths = {
  /** GET: the result's links; POST: a new link. */
  jobShares: '/kitchen/jobs/:id/shares',
  /** POST: revoke. */
  revoke: '/kitchen/shares/:id/revoke',
  /** GET: the result's choices in words (the side-by-side view). */
  jobChoices: '/kitchen/jobs/:id/choices',
} as const;

/** Public pages, outside the API and the app: rendered by the server, no app bundle. */
export const sharePagePaths = {
  page: '/share/:token',
  kitchen: '/share/:token/kitchen',
  before: '/share/:token/before',
  ogImage: '/share/:token/og.jpg',
  specSheet: '/share/:token/spec-sheet',
  /** The owner's own spec sheet, by job id, behind the session. */
  ownerSpecSheet: '/spec-sheet/:id',
} as const;

export const sharePageUrl = (token: string) => `/share/${encodeURIComponent(token)}`;
export const ownerSpecSheetUrl = (jobId: string) => `/spec-sheet/${encodeURIComponent(jobId)}`;

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
export const jobChoicesResponseSchema = z.object({ description: kitchenDescriptionSchema });
