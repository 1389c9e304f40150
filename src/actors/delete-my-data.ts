// Delete my data (issue 15, item 3): the server erases the user and clears the session cookie. This browser then
// forgets what it fetched for them: the query cache goes with the erased user. The chart resets its context as
// the call resolves, and the persister removes the stores rather than write the emptied wizard.
import type { ApiClient } from '../api/client';
import type { LazyQueryClient } from '../api/lazy-query-client';
import { deleteMyData } from '../api/my-data';
import type { PromiseRun } from './on-demand-actor';

export const eraseMyData =
  (api: ApiClient, queryClient: LazyQueryClient): PromiseRun<void, unknown> =>
  async ({ signal }) => {
    await deleteMyData(api, signal);
    await queryClient.clear();
  };
