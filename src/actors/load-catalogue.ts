// The catalogue through the query cache, for the statechart's loads and the preloads on intent. Loaded on demand
// with the cache itself (src/api/lazy-query-client.ts): the first screen loads no list.
import type { QueryClient } from '@tanstack/react-query';
import type { CatalogueRequest, CatalogueResult } from '../../machines/kitchen/catalogue';
import { catalogueQueryOptions, fetchCatalogue } from '../api/catalogue';
import type { ApiClient } from '../api/client';
import { PRELOAD_STALE_TIME_MS } from '../api/query-client';
import type { PromiseRun } from './on-demand-actor';

/**
 * Loads a lookup through the query cache (spec §9), so a preloaded or recently seen list answers at once.
 * The actor's signal reaches ofetch: when the machine leaves the step, the request is cancelled.
 */
export const loadCatalogue =
  (api: ApiClient, queryClient: QueryClient): PromiseRun<CatalogueResult, CatalogueRequest> =>
  ({ input, signal }) =>
    queryClient.fetchQuery({
      ...catalogueQueryOptions(api, input),
      queryFn: () => fetchCatalogue(api, input, signal),
    });

/** Preload on intent (spec §9): fetches a lookup into the cache, asking again even when it holds a fresh answer. */
export const preloadCatalogue = (api: ApiClient, queryClient: QueryClient, request: CatalogueRequest) =>
  queryClient.prefetchQuery({ ...catalogueQueryOptions(api, request), staleTime: PRELOAD_STALE_TIME_MS });
