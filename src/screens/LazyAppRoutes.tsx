// The app's routes as it ships: home and the short message screens come with the first load; the onboarding,
// the wizard and the result load when first shown or, earlier, when the pointer or focus reaches a link to
// them. That keeps the first screen's JavaScript within its budget (DESIGN "Budgets": 120 KB gzip).
import { type ComponentType, lazy, Suspense } from 'react';
import { SiteFooter } from '../components/SiteFooter';
import '../styles/tokens.css';
import '../styles/base.css';
import { AccessDeniedScreen } from './AccessDeniedScreen';
import { HomeScreen } from './HomeScreen';
import { NotFoundScreen } from './NotFoundScreen';
import { type RouteScreens, useRouteScreen } from './RouteScreen';
import { ScreenLoadBoundary } from './ScreenLoadBoundary';
import { ScreenPlaceholder } from './ScreenPlaceholder';
import { loadOnboarding, loadPrivacy, loadWizard, loadYourKitchen } from './screen-loaders';

const onDemand = <M,>(load: () => Promise<M>, pick: (loaded: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const SCREENS: RouteScreens = {
  home: HomeScreen,
  'onboarding/how-it-works': onDemand(loadOnboarding, ([howItWorks]) => howItWorks.HowItWorksScreen),
  'onboarding/personalization': onDemand(loadOnboarding, ([, personal]) => personal.PersonalizationScreen),
  'onboarding/showcase': onDemand(loadOnboarding, ([, , showcase]) => showcase.ShowcaseScreen),
  wizard: onDemand(loadWizard, (wizard) => wizard.WizardScreen),
  'your-kitchen': onDemand(loadYourKitchen, (yourKitchen) => yourKitchen.YourKitchenScreen),
  'access-denied': AccessDeniedScreen,
  'not-found': NotFoundScreen,
  privacy: onDemand(loadPrivacy, (privacy) => privacy.PrivacyScreen),
};

export function LazyAppRoutes() {
  const { screenKey, Screen } = useRouteScreen(SCREENS);
  // Keyed by screen, so a screen still loading replaces the one before it rather than hiding it (whose heading
  // the URL projection would then find and try to focus), and a screen that failed to load does not stop the next.
  return (
    <>
      <ScreenLoadBoundary key={screenKey}>
        <Suspense fallback={<ScreenPlaceholder />}>
          <Screen />
        </Suspense>
      </ScreenLoadBoundary>
      {screenKey !== 'privacy' && <SiteFooter />}
    </>
  );
}
