// The app's routes as it ships: home comes with the first load; every other screen (the onboarding, the wizard,
// the result, and the messages for a refused session or an unknown address) loads when first shown or, earlier,
// when the pointer or focus reaches a link to it. That keeps the first screen's JavaScript within its budget
// (DESIGN "Budgets": 120 KB gzip).
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import type { LoadedOnce } from '../api/load-on-demand';
import { SiteFooter } from '../components/SiteFooter';
import '../styles/tokens.css';
import '../styles/base.css';
import { HomeScreen } from './HomeScreen';
import { type RouteScreens, useRouteScreen } from './RouteScreen';
import { ScreenLoadBoundary } from './ScreenLoadBoundary';
import { ScreenPlaceholder } from './ScreenPlaceholder';
import {
  accessDeniedScreen,
  notFoundScreen,
  onboardingScreens,
  privacyScreen,
  wizardScreen,
  yourKitchenScreen,
} from './screen-loaders';

/** A screen: the component, once its code is here, and the load of its code. */
interface RouteScreenCode {
  loaded(): ComponentType | undefined;
  get(): Promise<ComponentType>;
}

const atOnce = (Screen: ComponentType): RouteScreenCode => ({
  loaded: () => Screen,
  get: () => Promise.resolve(Screen),
});

const onDemand = <M,>(code: LoadedOnce<M>, pick: (loaded: M) => ComponentType): RouteScreenCode => ({
  loaded: () => {
    const loaded = code.loaded();
    return loaded === undefined ? undefined : pick(loaded);
  },
  get: async () => pick(await code.get()),
});

type Loaded = { Screen: ComponentType } | { error: unknown };

/**
 * The screen, or the placeholder while its code loads. Not React's `lazy` and Suspense: React keeps a fallback it
 * has shown for at least 300 ms, and a lazy component suspends on its first render even when its code is here (a
 * screen loaded with the one before, as the onboarding's three are, or on intent), so every first showing of a
 * screen waited 0.3 s or more beyond its code (CI time, issue 35, D143). Here the screen shows as soon as its code
 * is here, at once when it already is; a load that fails is thrown to the screen's error boundary.
 */
function OnDemandScreen({ code }: { code: RouteScreenCode }) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => {
    const Screen = code.loaded();
    return Screen && { Screen };
  });
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    code.get().then(
      (Screen) => mounted && setLoaded({ Screen }),
      (error: unknown) => mounted && setLoaded({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [code, loaded]);
  if (!loaded) return <ScreenPlaceholder />;
  if ('error' in loaded) throw loaded.error;
  return <loaded.Screen />;
}

const SCREENS: RouteScreens<RouteScreenCode> = {
  home: atOnce(HomeScreen),
  'onboarding/how-it-works': onDemand(onboardingScreens, ([howItWorks]) => howItWorks.HowItWorksScreen),
  'onboarding/personalization': onDemand(onboardingScreens, ([, personal]) => personal.PersonalizationScreen),
  'onboarding/showcase': onDemand(onboardingScreens, ([, , showcase]) => showcase.ShowcaseScreen),
  wizard: onDemand(wizardScreen, (wizard) => wizard.WizardScreen),
  'your-kitchen': onDemand(yourKitchenScreen, (yourKitchen) => yourKitchen.YourKitchenScreen),
  'access-denied': onDemand(accessDeniedScreen, (accessDenied) => accessDenied.AccessDeniedScreen),
  'not-found': onDemand(notFoundScreen, (notFound) => notFound.NotFoundScreen),
  privacy: onDemand(privacyScreen, (privacy) => privacy.PrivacyScreen),
};

export function LazyAppRoutes() {
  const { screenKey, Screen: code } = useRouteScreen(SCREENS);
  // Keyed by screen, so a screen still loading replaces the one before it rather than hiding it (whose heading
  // the URL projection would then find and try to focus), and a screen that failed to load does not stop the next.
  return (
    <>
      <ScreenLoadBoundary key={screenKey}>
        <Suspense fallback={<ScreenPlaceholder />}>
          <OnDemandScreen code={code} />
        </Suspense>
      </ScreenLoadBoundary>
      {screenKey !== 'privacy' && <SiteFooter />}
    </>
  );
}
