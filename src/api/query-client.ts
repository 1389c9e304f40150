// TanStack Query's cache for catalogue data (spec §9): fresh for five minutes, kept for thirty, never retried
// or refetched behind the user's back. Route preloads pass their own freshness of 0.
import { QueryClient } from '@tanstack/react-query';

export const CATALOGUE_STALE_TIME_MS = 300_000;
export const CATALOGUE_GC_TIME_MS = 1_800_000;
/** Spec §9: a preload on intent always asks again unless the answer is being fetched right now. */
export const PRELOAD_STALE_TIME_MS = 0;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CATALOGUE_STALE_TIME_MS,
        gcTime: CATALOGUE_GC_TIME_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
      },
    },
  });
}
