// Two moderators in a row: the local one always judges first and its "unsafe" is final (the photo goes nowhere
// else); what it passes is shown to the second, whose "unsafe" wins. The second is a remote service, so when it
// fails the local verdict stands: a third party being down must not cost the user their photo.
import type { Moderator } from './moderator';

/** Told when the second moderator could not answer; the verdict returned is then the local one. */
export type SecondOpinionFailure = (error: unknown) => void;

export function withSecondOpinion(
  local: Moderator,
  second: Moderator,
  onFailure: SecondOpinionFailure,
): Moderator {
  return {
    // The second has nothing to load that could fail for good; readiness is the local model's.
    get ready() {
      return local.ready;
    },
    // The second is a remote service with time limits of its own; only the local one has a thread to restart.
    restart: () => local.restart?.(),
    async classify(image) {
      const first = await local.classify(image);
      if (!first.isSafe) return first;
      try {
        const opinion = await second.classify(image);
        return { ...first, isSafe: opinion.isSafe, scores: { ...first.scores, ...opinion.scores } };
      } catch (error) {
        onFailure(error);
        return first;
      }
    },
  };
}
