// Where the screens past the home page are loaded from, on demand: by the app's routes when a screen is first
// shown, and by links when the pointer or focus reaches them (preload on intent), so it is often there already.
import { type RouteId, stepOfRoute } from '../../machines/kitchen/routes';
import { stepKind } from '../../machines/kitchen/steps';
import { choiceStepScreens } from './wizard/choice-step-screens';

/** The onboarding screens come together: whoever sees the first goes on to the next. */
export const loadOnboarding = () =>
  Promise.all([
    import('./onboarding/HowItWorksScreen'),
    import('./onboarding/PersonalizationScreen'),
    import('./onboarding/ShowcaseScreen'),
  ]);
export const loadWizard = () => import('./wizard/WizardScreen');
const loadChoiceStep = () => Promise.all([loadWizard(), choiceStepScreens.get()]);
export const loadYourKitchen = () => import('./your-kitchen/YourKitchenScreen');
export const loadPrivacy = () => import('./PrivacyScreen');
export const loadAccessDenied = () => import('./AccessDeniedScreen');
export const loadNotFound = () => import('./NotFoundScreen');

const loaderOf = (route: RouteId): (() => Promise<unknown>) | undefined => {
  const step = stepOfRoute(route);
  if (step !== null) return stepKind(step) === 'photo' ? loadWizard : loadChoiceStep;
  if (route.startsWith('onboarding/')) return loadOnboarding;
  if (route === 'privacy') return loadPrivacy;
  if (route === 'access-denied') return loadAccessDenied;
  if (route === 'not-found') return loadNotFound;
  return route === 'your-kitchen' ? loadYourKitchen : undefined;
};

/** Starts loading the screen a route shows; nothing for home, which comes with the first load. */
export function preloadScreen(route: RouteId): void {
  // A preload that fails is not an error yet: showing the screen loads it again and reports a failure.
  loaderOf(route)?.().catch(() => {});
}
