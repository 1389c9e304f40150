// Plain constants, no zod: the app's HTTP client reads them on the first screen, where the schemas would cost.

/**
 * The `code`s of a request the service refused for one of its limits (DESIGN "Running as a service"): nothing
 * was started and nothing was charged. Each answer's `message` is written for the person; those marked with
 * Retry-After also say, in seconds, when asking again can work.
 */
export const limitRefusalCodes = [
  /** 429: this visitor has no generations left; `Generations-Remaining: 0`. */
  'GENERATION_LIMIT_REACHED',
  /** 429: guests from this network have used today's allowance; `Retry-After`. */
  'NETWORK_LIMIT_REACHED',
  /** 503: the service's daily budget is spent; `Retry-After`. */
  'DAILY_BUDGET_REACHED',
  /** 429: this visitor already has several jobs queued or running. */
  'TOO_MANY_JOBS',
  /** 503: the image service's upload queue is full; `Retry-After`. */
  'IMAGE_SERVICE_BUSY',
  /** 413: this visitor's stored photos and kitchens have reached their cap. */
  'STORAGE_LIMIT_REACHED',
] as const;
export type LimitRefusalCode = (typeof limitRefusalCodes)[number];

export const isLimitRefusalCode = (code: string | undefined): code is LimitRefusalCode =>
  (limitRefusalCodes as readonly (string | undefined)[]).includes(code);

/** The header of a refusal that says how many seconds to wait before asking again. */
export const RETRY_AFTER_HEADER = 'Retry-After';
