// How the nsfw model's scores become a verdict (DESIGN D4). Kept apart from the model so the server's thread,
// which only reads scores back from the moderation thread, never loads tfjs.
import type { ModerationVerdict } from './moderator';

/** The classes that count against an image; the others are Drawing and Neutral. */
export const NSFW_CLASSES = ['Porn', 'Hentai', 'Sexy'] as const;
export const DEFAULT_NSFW_THRESHOLD = 0.5;

export interface NsfwModeratorOptions {
  /** Unsafe when Porn + Hentai + Sexy score at least this much (0 to 1). */
  threshold?: number;
}

/** The threshold asked for, checked: a moderator that could never flag, or always would, is a mistake. */
export function nsfwThreshold(options: NsfwModeratorOptions = {}): number {
  const threshold = options.threshold ?? DEFAULT_NSFW_THRESHOLD;
  if (!(threshold > 0 && threshold <= 1))
    throw new RangeError(`NSFW threshold must be in (0, 1]: ${threshold}`);
  return threshold;
}

export function verdictOf(scores: Record<string, number>, threshold: number): ModerationVerdict {
  const nsfwScore = NSFW_CLASSES.reduce((sum, name) => sum + (scores[name] ?? 0), 0);
  return { isSafe: nsfwScore < threshold, scores };
}
