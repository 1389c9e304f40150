import { actionPaths } from '../../contract/endpoints';
import { type AuthorizeResponse, authorizeResponseSchema } from '../../contract/users';
import type { ApiClient } from './client';
import { parseResponse } from './parse-response';

/** `POST /users/authorize`: confirms the boot data's user id belongs to this browser's session (DESIGN D5). */
export async function authorizeUser(
  api: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<AuthorizeResponse> {
  const body = await api.request(actionPaths.authorizeUser, { method: 'POST', body: { userId }, signal });
  return parseResponse('your account', authorizeResponseSchema, body);
}
