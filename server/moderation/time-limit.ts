// A moderation that does not answer must not hold the upload (and its memory) for ever: past the limit the
// upload is answered 503 and the moderator restarted, so the next upload meets a fresh one.
import { HttpError } from '../http/errors';
import type { Moderator } from './moderator';

/** Moderators restart in a second or two (the nsfw model reloads): a retry sooner would meet the same wait. */
const RETRY_AFTER_SECONDS = 5;

export function withTimeLimit(moderator: Moderator, timeoutMs: number): Moderator {
  return {
    get ready() {
      return moderator.ready;
    },
    restart: () => moderator.restart?.(),
    async classify(image) {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          moderator.restart?.();
          reject(
            new HttpError(
              503,
              'MODERATION_TIMEOUT',
              'Checking your photo took too long. Please try again in a moment.',
              RETRY_AFTER_SECONDS,
            ),
          );
        }, timeoutMs);
      });
      try {
        return await Promise.race([moderator.classify(image), expired]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
