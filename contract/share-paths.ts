// Share links (issue 16): the owner's API under API_PREFIX, and the public pages outside it. No zod here, so
// the app's first-load code may link to them.

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
