import { actionPaths } from '../../contract/endpoints';
import type { AuthorizeResponse } from '../../contract/users';
import type { ApiClient } from './client';
import { UnexpectedResponseError } from './request-errors';

const isCount = (value: unknown, least: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= least;

/**
 * The authorisation answer, checked by hand rather than with the contract's zod schema: it arrives on every
 * first screen, where zod would cost about 25 KB gzip (DESIGN "Budgets"). A test keeps it equal to the schema.
 */
export function readAuthorizeAnswer(answer: unknown): AuthorizeResponse {
  const {
    userId,
    generationsRemaining,
    generationLimit,
    imageRetentionDays,
    sessionIdleDays,
    sessionMaxDays,
    isAccount,
  } = (answer ?? {}) as Record<string, unknown>;
  const isAbsentOrDays = (value: unknown) => value === undefined || isCount(value, 1);
  if (
    typeof answer !== 'object' ||
    !isCount(userId, 1) ||
    !isCount(generationsRemaining, 0) ||
    !isCount(generationLimit, 0) ||
    !isCount(imageRetentionDays, 1) ||
    !isAbsentOrDays(sessionIdleDays) ||
    !isAbsentOrDays(sessionMaxDays) ||
    (isAccount !== undefined && typeof isAccount !== 'boolean')
  ) {
    throw new UnexpectedResponseError('your account', 'the answer is not a user with a generation count');
  }
  return {
    userId,
    generationsRemaining,
    generationLimit,
    imageRetentionDays,
    ...(sessionIdleDays === undefined ? {} : { sessionIdleDays: sessionIdleDays as number }),
    ...(sessionMaxDays === undefined ? {} : { sessionMaxDays: sessionMaxDays as number }),
    ...(isAccount === undefined ? {} : { isAccount }),
  };
}

/** `POST /users/authorize`: confirms the boot data's user id belongs to this browser's session (DESIGN D5). */
export async function authorizeUser(
  api: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<AuthorizeResponse> {
  return readAuthorizeAnswer(
    await api.request(actionPaths.authorizeUser, { method: 'POST', body: { userId }, signal }),
  );
}
