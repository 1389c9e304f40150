// Where the screens past the home page are loaded from, on demand: by the app's routes when a screen is first
// shown, and by links when the pointer or focus reaches them (preload on intent), so it is often there already.
import { type RouteId, stepOfRoute } from '../../machines/kitchen/routes';
import { stepKind } from '../../machines/kitchen/steps';
import { type LoadedOnce, loadOnce } from '../api/load-on-demand';
import { choiceStepScreens } from './wizard/choice-step-screens';

// Each kept once loaded, so a screen whose code is here already renders at once (LazyAppRoutes).
/** The onboarding screens come together: whoever sees the first goes on to the next. */
export const onboardingScreens = loadOnce(() =>
  Promise.all([
    import('./onboarding/HowItWorksScreen'),
    import('./onboarding/PersonalizationScreen'),
    import('./onboarding/ShowcaseScreen'),
  ]),
);
export const wizardScreen = loadOnce(() => import('./wizard/WizardScreen'));
const choiceStep = { get: () => Promise.all([wizardScreen.get(), choiceStepScreens.get()]) };
export const yourKitchenScreen = loadOnce(() => import('./your-kitchen/YourKitchenScreen'));
export const privacyScreen = loadOnce(() => import('./PrivacyScreen'));
export const accessDeniedScreen = loadOnce(() => import('./AccessDeniedScreen'));
export const notFoundScreen = loadOnce(() => import('./NotFoundScreen'));

const loaderOf = (route: RouteId): Pick<LoadedOnce<unknown>, 'get'> | undefined => {
  const step = stepOfRoute(route);
  if (step !== null) return stepKind(step) === 'photo' ? wizardScreen : choiceStep;
  if (route.startsWith('onboarding/')) return onboardingScreens;
  if (route === 'privacy') return privacyScreen;
  if (route === 'access-denied') return accessDeniedScreen;
  if (route === 'not-found') return notFoundScreen;
  return route === 'your-kitchen' ? yourKitchenScreen : undefined;
};

/**
 * Loads the screen a route shows; nothing for home, which comes with the first load. Settles once it is here or
 * has failed: a load that fails is not an error yet, as showing the screen loads it again and reports a failure.
 */
export async function loadScreen(route: RouteId): Promise<void> {
  await loaderOf(route)
    ?.get()
    .catch(() => {});
}

/** Starts loading the screen a route shows (preload on intent). */
export function preloadScreen(route: RouteId): void {
  void loadScreen(route);
}
