import type { GenerationFailure, GenerationRefusal } from '../../machines/kitchen/actors';
import { ApiHttpError } from '../api/request-errors';

/** A failed generation as the machine reads it: a message, and the remaining count when one was reported. */
export class GenerationError extends Error implements GenerationFailure {
  override readonly name = 'GenerationError';
  constructor(
    message: string,
    readonly remainingGenerations: number | null,
    readonly refusal: GenerationRefusal | null = null,
  ) {
    super(message);
  }
}

/** Whatever a generation (or the upload before it) threw, as a GenerationError; limit refusals are marked. */
export function generationFailureOf(error: unknown, remaining: number | null): GenerationError {
  if (error instanceof GenerationError) return error;
  const message = error instanceof Error ? error.message : 'The generation failed.';
  if (!(error instanceof ApiHttpError)) return new GenerationError(message, remaining);
  const { retryAfterSeconds } = error;
  const refusal = error.isLimitRefusal
    ? { retryAfterMs: retryAfterSeconds === null ? null : retryAfterSeconds * 1000 }
    : null;
  return new GenerationError(message, error.remainingGenerations ?? remaining, refusal);
}
