// The moderation cache (spec §3, §4): a verdict per image, kept 24 hours. An expired entry is deleted and read
// as unknown; expired entries are also purged every hour.

export const MODERATION_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const MODERATION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface ModerationVerdict {
  isSafe: boolean;
  timestamp: number;
  expiresAt: number;
}

/** Keyed by the image (the app uses the SHA-256 of the prepared photo). */
export type ModerationCache = Record<string, ModerationVerdict>;

const isFresh = (verdict: ModerationVerdict, now: number) => verdict.expiresAt > now;

export const storeVerdict = (
  cache: ModerationCache,
  key: string,
  isSafe: boolean,
  now: number,
): ModerationCache => ({
  ...cache,
  [key]: { isSafe, timestamp: now, expiresAt: now + MODERATION_CACHE_TTL_MS },
});

/** The verdict for an image if one is stored and fresh; `undefined` (unknown) otherwise. */
export const freshVerdict = (
  cache: ModerationCache,
  key: string,
  now: number,
): ModerationVerdict | undefined => {
  const verdict = cache[key];
  return verdict && isFresh(verdict, now) ? verdict : undefined;
};

/** Deletes the entry for one image if it has expired: a read of an expired entry removes it. */
export const forgetIfExpired = (cache: ModerationCache, key: string, now: number): ModerationCache => {
  const verdict = cache[key];
  if (!verdict || isFresh(verdict, now)) return cache;
  const { [key]: _expired, ...rest } = cache;
  return rest;
};

/** Deletes every expired entry. */
export const purgeExpired = (cache: ModerationCache, now: number): ModerationCache =>
  Object.fromEntries(Object.entries(cache).filter(([, verdict]) => isFresh(verdict, now)));
