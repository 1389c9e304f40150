import type { GenerationFailure } from '../../machines/kitchen/actors';

/** A failed generation as the machine reads it: a message, and the remaining count when one was reported. */
export class GenerationError extends Error implements GenerationFailure {
  override readonly name = 'GenerationError';
  constructor(
    message: string,
    readonly remainingGenerations: number | null,
  ) {
    super(message);
  }
}
