// One moderation thread serves the process, so photos take turns at it (issue 34, point 3). Each upload takes a
// place in line before it is decoded, so a refused one costs nothing; places are bounded (503 with Retry-After).
// A photo's clock starts when its turn does, and a photo that overruns restarts the moderator while it is the
// only one in hand: the photos behind it wait in this line, never in the thread, and meet a fresh one.
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '../http/errors';
import type { ModeratedImage, ModerationVerdict, Moderator } from './moderator';

/** Moderators restart in a second or two (the nsfw model reloads): a retry sooner would meet the same wait. */
const RETRY_AFTER_SECONDS = 5;

export interface ModerationLineOptions {
  /** A photo's own scoring may take this long before it is answered 503 and the moderator restarted. */
  timeoutMs: number;
  /** Photos that may hold a place at once (decoding, in line or in hand); one more is refused. */
  capacity: number;
}

/** An upload's place in line: `classify` when decoded, or `leave` when it ends without (a decode error). */
export interface ModerationPlace {
  classify(image: ModeratedImage): Promise<ModerationVerdict>;
  leave(): void;
}

export interface ModerationLine {
  /** Takes a place, or throws 503 `IMAGE_SERVICE_BUSY` with Retry-After when the line is full. */
  enter(): ModerationPlace;
}

const timedOut = () =>
  new HttpError(
    503,
    'MODERATION_TIMEOUT',
    'Checking your photo took too long. Please try again in a moment.',
    RETRY_AFTER_SECONDS,
  );

export function createModerationLine(moderator: Moderator, options: ModerationLineOptions): ModerationLine {
  const { timeoutMs, capacity } = options;
  let places = 0;
  let last: Promise<unknown> = Promise.resolve();
  // A running estimate of one photo's turn, for Retry-After.
  let typicalMs = 500;

  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = last.then(work, work);
    last = turn.catch(() => {});
    return turn;
  }

  async function scored(image: ModeratedImage): Promise<ModerationVerdict> {
    // A fresh moderator loads its model first; that is not this photo's time (bounded all the same).
    await Promise.race([moderator.ready.catch(() => {}), sleep(timeoutMs, undefined, { ref: false })]);
    const started = performance.now();
    const controller = new AbortController();
    let ranOut = false;
    const expired = sleep(timeoutMs, undefined, { signal: controller.signal, ref: false }).then(() => {
      ranOut = true;
      moderator.restart?.();
      throw timedOut();
    });
    expired.catch(() => {});
    try {
      const verdict = await Promise.race([moderator.classify(image), expired]);
      typicalMs = 0.8 * typicalMs + 0.2 * (performance.now() - started);
      return verdict;
    } catch (error) {
      // The restart may fail the photo in hand before the clock's own answer arrives.
      throw ranOut ? timedOut() : error;
    } finally {
      controller.abort();
    }
  }

  return {
    enter() {
      if (places >= capacity) {
        const seconds = Math.ceil((typicalMs * places) / 1000);
        throw new HttpError(
          503,
          'IMAGE_SERVICE_BUSY',
          'We are checking many photos right now. Please try again in a moment.',
          Math.max(1, seconds),
        );
      }
      places += 1;
      let inLine = true;
      const leave = () => {
        if (inLine) places -= 1;
        inLine = false;
      };
      return {
        async classify(image) {
          try {
            return await inTurn(() => scored(image));
          } finally {
            leave();
          }
        },
        leave,
      };
    },
  };
}
