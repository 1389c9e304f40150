// A deterministic moderator for end-to-end tests that need a predictable rejection; the core selects it by
// configuration, never by default.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ModeratedImage, Moderator } from './moderator';

/** Resolves true when the image is to be judged unsafe. */
export type ModerationRule = (image: ModeratedImage) => Promise<boolean>;

const MAGENTA = [255, 0, 255] as const;
/** Euclidean distance in RGB; a flat magenta picture survives JPEG re-encoding well within it. */
const MAGENTA_TOLERANCE = 48;

/** Unsafe when the image's mean colour is close to pure magenta (#ff00ff), which no real kitchen photo is. */
export const mostlyMagenta: ModerationRule = async (image) => {
  const { channels } = await sharp(image.bytes).removeAlpha().stats();
  const distance = Math.hypot(...MAGENTA.map((value, i) => (channels[i]?.mean ?? 0) - value));
  return distance <= MAGENTA_TOLERANCE;
};

/** Unsafe when the SHA-256 (hex) of the image's bytes is one of `hashes`. */
export function sha256In(hashes: Iterable<string>): ModerationRule {
  const unsafe = new Set([...hashes].map((hash) => hash.toLowerCase()));
  return async (image) => unsafe.has(createHash('sha256').update(image.bytes).digest('hex'));
}

export function createRuleModerator(isUnsafe: ModerationRule = mostlyMagenta): Moderator {
  return {
    ready: Promise.resolve(),
    async classify(image) {
      const unsafe = await isUnsafe(image);
      return { isSafe: !unsafe, scores: { rule: unsafe ? 1 : 0 } };
    },
  };
}
