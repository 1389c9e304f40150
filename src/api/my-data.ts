import { myDataPaths } from '../../contract/endpoints';
import { DELETE_CONFIRMATION } from '../../contract/my-data';
import type { ApiClient } from './client';

/** `DELETE /users/me` with its confirmation: the server erases everything and clears the session cookie. */
export async function deleteMyData(api: ApiClient, signal?: AbortSignal): Promise<void> {
  await api.request(myDataPaths.me, { method: 'DELETE', body: { confirm: DELETE_CONFIRMATION }, signal });
}
