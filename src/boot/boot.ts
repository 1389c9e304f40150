// Everything the app needs before its first render, read once: the boot data, what the browser kept from
// earlier visits, the API client and the query cache.
import type { KitchenInput } from '../../machines/kitchen/context';
import { type ApiClient, createApiClient } from '../api/client';
import { createLazyQueryClient, type LazyQueryClient } from '../api/lazy-query-client';
import type { KeyValueStorage } from '../persistence/key-value-storage';
import { loadSelections } from '../persistence/kitchen-storage';
import { readBootData } from './boot-data';

export interface AppBoot {
  input: KitchenInput;
  api: ApiClient;
  /** Made the first time a catalogue list is loaded or preloaded. */
  queryClient: LazyQueryClient;
  /** Where selections are saved; null when the browser refuses storage (private modes, sandboxes). */
  storage: KeyValueStorage | null;
  /** The image service the site makes kitchens with (contract/image-services.ts). */
  imageService: string;
  /** The path the page was opened at, which the machine is first navigated to. */
  path?: string;
}

/** `window.localStorage` itself can throw (blocked storage), not only its methods. */
function browserStorage(win: Window): KeyValueStorage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

export function bootApp(win: Window = window): AppBoot {
  const { userId, baseUrl, imageService } = readBootData(win);
  const storage = browserStorage(win);
  const restored = storage ? loadSelections(storage, userId) : undefined;
  return {
    input: restored ? { userId, restored } : { userId },
    api: createApiClient({ baseUrl }),
    queryClient: createLazyQueryClient(),
    storage,
    imageService,
    path: win.location.pathname,
  };
}
