import type { KitchenCheck } from '../../contract/images';

/** What moderation looks at: the normalised image's encoded bytes. */
export interface ModeratedImage {
  bytes: Uint8Array;
}

export interface ModerationVerdict {
  isSafe: boolean;
  /** Per class, for logs and tuning; the rule that turned them into `isSafe` is not shown to users. */
  scores: Record<string, number>;
  /** Whether it looks like a kitchen, when the moderator has a detector (the nsfw thread does). */
  kitchenCheck?: KitchenCheck;
}

export interface Moderator {
  classify(image: ModeratedImage): Promise<ModerationVerdict>;
  /** Settles when the moderator can answer; rejects when it never will (its model failed to load). */
  ready: Promise<void>;
  /** Drops whatever is working on a moderation that did not answer in time; the next `classify` starts afresh. */
  restart?(): void;
}

/** A promise that callers may await, without an unhandled rejection when nobody does. */
export function observed<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
