// The app's frame: the shared services (the query cache among them, made on first use), the one kitchen actor (with the real server calls),
// the URL projection, the saving of choices, and the screens (the later ones loaded on demand).
import { type ReactNode, useEffect, useState } from 'react';
import { kitchenMachine } from '../../machines/kitchen/machine';
import { routeFromPath } from '../../machines/kitchen/routes';
import { viewOf } from '../../machines/kitchen/view';
import { createKitchenActors } from '../actors/kitchen-actors';
import type { AppBoot } from '../boot/boot';
import type { Inspect } from '../dev/inspector';
import { type AppServices, AppServicesProvider } from '../kitchen/app-services';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { createSaveStatus } from '../kitchen/save-status';
import { createLazyPhotoPreparer } from '../photo-preparation/lazy-photo-preparer';
import { UrlProjection } from '../routing/UrlProjection';
import { LazyAppRoutes } from '../screens/LazyAppRoutes';
import { loadScreen, preloadScreen } from '../screens/screen-loaders';
import { AccountEffects } from './AccountEffects';
import { persistSelections } from './persist-selections';

export type KitchenActorImplementations = ReturnType<typeof createKitchenActors>;

export interface AppProps {
  boot: AppBoot;
  inspect?: Inspect;
  /** The server calls; the real ones unless a test passes its own. */
  actors?: KitchenActorImplementations;
}

/** Saves the user's choices as the machine changes them; renders nothing. */
function SelectionPersistence({ boot, services }: { boot: AppBoot; services: AppServices }) {
  const actor = KitchenActor.useActorRef();
  useEffect(() => {
    if (!boot.storage) return;
    return persistSelections(actor, boot.storage, services.saveStatus.set);
  }, [actor, boot.storage, services]);
  return null;
}

/** Everything but the screens: what any part of the app (or a test of one) renders inside. */
export function AppProviders({ boot, inspect, actors, children }: AppProps & { children: ReactNode }) {
  // Made once per mount: the machine's logic and the services must not change under a running actor.
  const [services] = useState<AppServices>(() => ({
    api: boot.api,
    queryClient: boot.queryClient,
    saveStatus: createSaveStatus(),
    storage: boot.storage,
    imageService: boot.imageService,
    preloadScreen,
  }));
  const [logic] = useState(() =>
    kitchenMachine.provide({
      actors:
        actors ??
        createKitchenActors({
          api: boot.api,
          queryClient: boot.queryClient,
          preparePhoto: createLazyPhotoPreparer(),
        }),
    }),
  );
  const options = inspect ? { input: boot.input, inspect } : { input: boot.input };
  return (
    <AppServicesProvider services={services}>
      <KitchenActor.Provider logic={logic} options={options}>
        <UrlProjection />
        <SelectionPersistence boot={boot} services={services} />
        <AccountEffects boot={boot} />
        {children}
      </KitchenActor.Provider>
    </AppServicesProvider>
  );
}

/**
 * The screens, from the first render whose route is the one the page was opened at. The machine starts at home
 * and the URL projection's first effect moves it to a deep link's route: rendering before that would build the
 * home screen only to throw it away, and could paint it for a frame. At `/` the first render is already right
 * (and hydrates the prerendered home). A deep link's screen renders once its code is here, as the app's own code
 * came: shown while it loaded, the placeholder stayed at least 300 ms (React holds a fallback it has shown that
 * long), 0.3 to 0.8 s of waiting beyond the code's own load (CI time, issue 35, D143). A load that fails renders
 * anyway, and the screen says it could not be loaded.
 */
function ScreensFromFirstNavigation({ path }: { path: string | undefined }) {
  const actor = KitchenActor.useActorRef();
  const [navigated, setNavigated] = useState(
    () => path === undefined || viewOf(actor.getSnapshot()).route === routeFromPath(path).route,
  );
  // Runs after the URL projection's effect (an earlier sibling), once the machine has taken the path. A deep
  // link to a step after the photo loads that step's screens beside the wizard's, not after it.
  useEffect(() => {
    let mounted = true;
    void loadScreen(viewOf(actor.getSnapshot()).route).finally(() => {
      if (mounted) setNavigated(true);
    });
    return () => {
      mounted = false;
    };
  }, [actor]);
  return navigated ? <LazyAppRoutes /> : null;
}

export function App(props: AppProps) {
  return (
    <AppProviders {...props}>
      <ScreensFromFirstNavigation path={props.boot.path} />
    </AppProviders>
  );
}
