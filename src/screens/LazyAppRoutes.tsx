// The app's routes as it ships: home comes with the first load; every other screen (the onboarding, the wizard,
// the result, and the messages for a refused session or an unknown address) loads when first shown or, earlier,
// when the pointer or focus reaches a link to it. That keeps the first screen's JavaScript within its budget
// (DESIGN "Budgets": 120 KB gzip).
import { type ComponentType, lazy, Suspense } from 'react';
import { SiteFooter } from '../components/SiteFooter';
import '../styles/tokens.css';
import '../styles/base.css';
import { HomeScreen } from './HomeScreen';
import { type RouteScreens, useRouteScreen } from './RouteScreen';
import { ScreenLoadBoundary } from './ScreenLoadBoundary';
import { ScreenPlaceholder } from './ScreenPlaceholder';
import {
  loadAccessDenied,
  loadNotFound,
  loadOnboarding,
  loadPrivacy,
  loadWizard,
  loadYourKitchen,
} from './screen-loaders';

const onDemand = <M,>(load: () => Promise<M>, pick: (loaded: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const SCREENS: RouteScreens = {
  home: HomeScreen,
  'onboarding/how-it-works': onDemand(loadOnboarding, ([howItWorks]) => howItWorks.HowItWorksScreen),
  'onboarding/personalization': onDemand(loadOnboarding, ([, personal]) => personal.PersonalizationScreen),
  'onboarding/showcase': onDemand(loadOnboarding, ([, , showcase]) => showcase.ShowcaseScreen),
  wizard: onDemand(loadWizard, (wizard) => wizard.WizardScreen),
  'your-kitchen': onDemand(loadYourKitchen, (yourKitchen) => yourKitchen.YourKitchenScreen),
  'access-denied': onDemand(loadAccessDenied, (accessDenied) => accessDenied.AccessDeniedScreen),
  'not-found': onDemand(loadNotFound, (notFound) => notFound.NotFoundScreen),
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
