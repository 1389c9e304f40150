import { imageUrl } from '../../contract/images';
import type { ComparedKitchen, LoadComparisonInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { readKitchenChoices } from '../api/shares';
import type { PromiseRun } from './on-demand-actor';

/** The chosen kitchens' pictures and choices in words, read together, in the order chosen. */
export const loadComparison =
  (api: ApiClient): PromiseRun<ComparedKitchen[], LoadComparisonInput> =>
  ({ input, signal }) =>
    Promise.all(
      input.jobIds.map(async (id) => {
        const { resultImageId, description } = await readKitchenChoices(api, id, signal);
        return { id, imageUrl: `${api.baseUrl}${imageUrl(resultImageId)}`, choices: description.choices };
      }),
    );
