// What the app's plumbing shares with components besides the kitchen actor: the API client and the query cache
// (for preloads), the loading of a screen's code (for preload on intent: the app, which knows the screens, hands
// it down, so links need not import them), the outcome of the last save of the user's choices, and the browser's storage.
import { useAtom } from '@xstate/store-react';
import { createContext, type ReactNode, useContext } from 'react';
import { type ResultKind, resultKindOf } from '../../contract/image-services';
import type { RouteId } from '../../machines/kitchen/routes';
import type { ApiClient } from '../api/client';
import type { LazyQueryClient } from '../api/lazy-query-client';
import type { KeyValueStorage } from '../persistence/key-value-storage';
import type { SaveOutcome } from '../persistence/kitchen-storage';
import type { SaveStatus } from './save-status';

export interface AppServices {
  api: ApiClient;
  queryClient: LazyQueryClient;
  saveStatus: SaveStatus;
  /** The browser's storage (the share panel keeps its links' addresses there); null when it is refused. */
  storage: KeyValueStorage | null;
  /** The image service the site makes kitchens with, from the boot data: what the pages promise follows it. */
  imageService: string;
  /** Starts loading the code of the screen a route shows (nothing for the screens of the first load). */
  preloadScreen: (route: RouteId) => void;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <App>.');
  return services;
}

/** What this site's kitchens are: the visitor's photo recolored, or an AI service's picture. */
export function useResultKind(): ResultKind {
  return resultKindOf(useAppServices().imageService);
}

/**
 * How the last save went: 'saved-without-photos' when the photos did not fit in the browser's storage (the
 * choices are kept; a small notice may say the photo will need choosing again after a reload); null before
 * the first save.
 */
export function useSaveOutcome(): SaveOutcome | null {
  const { saveStatus } = useAppServices();
  return useAtom(saveStatus);
}
