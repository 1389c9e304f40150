import { actionPaths } from '../../contract/endpoints';
import type { AuthorizeResponse } from '../../contract/users';
import type { ApiClient } from './client';
import { parseResponse, withSchemas } from './parse-response';

/** Loaded on demand: the contract module brings zod (see `withSchemas`). */
const usersContract = () => import('../../contract/users');

/** `POST /users/authorize`: confirms the boot data's user id belongs to this browser's session (DESIGN D5). */
export async function authorizeUser(
  api: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<AuthorizeResponse> {
  const { schemas, answer } = await withSchemas(
    usersContract,
    api.request(actionPaths.authorizeUser, { method: 'POST', body: { userId }, signal }),
  );
  return parseResponse('your account', schemas.authorizeResponseSchema, answer);
}
