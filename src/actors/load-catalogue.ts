import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CatalogueRequest, CatalogueResult } from '../../machines/kitchen/catalogue';
import { catalogueQueryOptions, fetchCatalogue } from '../api/catalogue';
import type { ApiClient } from '../api/client';

/**
 * Loads a lookup through the query cache (spec §9), so a preloaded or recently seen list answers at once.
 * The actor's signal reaches ofetch: when the machine leaves the step, the request is cancelled.
 */
export const loadCatalogueActor = (api: ApiClient, queryClient: QueryClient) =>
  fromPromise<CatalogueResult, CatalogueRequest>(({ input, signal }) =>
    queryClient.fetchQuery({
      ...catalogueQueryOptions(api, input),
      queryFn: () => fetchCatalogue(api, input, signal),
    }),
  );
