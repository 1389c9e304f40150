// Delete my data (issue 15, item 3): the server erases the user, then this browser forgets its persisted wizard
// and selections. The chart resets its context as the call resolves; the stores are removed first, so a reload
// in between finds them empty.
import type { ApiClient } from '../api/client';
import { deleteMyData } from '../api/my-data';
import { type KeyValueStorage, STORAGE_KEYS } from '../persistence/kitchen-storage';
import type { PromiseRun } from './on-demand-actor';

export const eraseMyData =
  (api: ApiClient, storage: KeyValueStorage | undefined): PromiseRun<void, unknown> =>
  async ({ signal }) => {
    await deleteMyData(api, signal);
    for (const key of Object.values(STORAGE_KEYS)) storage?.removeItem(key);
  };
