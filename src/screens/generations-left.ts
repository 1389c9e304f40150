// How the remaining generation count reads, wherever a screen shows it (wizard, upload, result), and what
// stands in for it when Generate cannot work.

export const NO_GENERATIONS_LEFT = 'You have no generations left.';

export const remainingText = (remaining: number | null): string | null =>
  remaining === null ? null : `${remaining} ${remaining === 1 ? 'generation' : 'generations'} left`;

/** Why Generate cannot work now: the service's refusal (while it lasts) first, then no generations left. */
export const generationBlockedReason = (remaining: number | null, refusal: string | null): string | null =>
  refusal ?? (remaining === 0 ? NO_GENERATIONS_LEFT : null);

/** How long the service keeps the photo and the kitchens made from it; null while unknown. */
export const retentionText = (days: number | null): string | null =>
  days === null ? null : `Your photo and kitchens are kept for ${days} ${days === 1 ? 'day' : 'days'}.`;
