// TanStack Query's cache (spec §9), made the first time a catalogue list is loaded or preloaded. The first screen
// never reads it, and the library is about 7 KB gzip of the first load (DESIGN "Budgets"), so it comes on demand.
import type { QueryClient } from '@tanstack/react-query';
import { loadOnce } from './load-on-demand';

/** The app's one query cache, shared by the statechart's loads, the preloads and "delete my data". */
export interface LazyQueryClient {
  /** The cache, loaded and made on the first call; the same one on every call after. */
  get(): Promise<QueryClient>;
  /** Forgets everything the cache holds; nothing to do (and nothing loaded) when it was never made. */
  clear(): Promise<void>;
}

const makeQueryClient = async () => (await import('./query-client')).createQueryClient();

export function createLazyQueryClient(make: () => Promise<QueryClient> = makeQueryClient): LazyQueryClient {
  const client = loadOnce(make);
  return {
    get: client.get,
    clear: async () => {
      // A cache still being made is emptied once made; one that failed to load holds nothing.
      const made = await client.started()?.catch(() => undefined);
      made?.clear();
    },
  };
}
