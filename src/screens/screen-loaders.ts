// Where the screens past the home page are loaded from, on demand: by the app's routes when a screen is first
// shown, and by links when the pointer or focus reaches them (preload on intent), so it is often there already.
import type { RouteId } from '../../machines/kitchen/routes';

/** The onboarding screens come together: whoever sees the first goes on to the next. */
export const loadOnboarding = () =>
  Promise.all([
    import('./onboarding/HowItWorksScreen'),
    import('./onboarding/PersonalizationScreen'),
    import('./onboarding/ShowcaseScreen'),
  ]);
export const loadWizard = () => import('./wizard/WizardScreen');
export const loadYourKitchen = () => import('./your-kitchen/YourKitchenScreen');
export const loadPrivacy = () => import('./PrivacyScreen');

const loaderOf = (route: RouteId): (() => Promise<unknown>) | undefined => {
  if (route.startsWith('create-kitchen/')) return loadWizard;
  if (route.startsWith('onboarding/')) return loadOnboarding;
  if (route === 'privacy') return loadPrivacy;
  return route === 'your-kitchen' ? loadYourKitchen : undefined;
};

/** Starts loading the screen a route shows; nothing for the screens of the first load. */
export function preloadScreen(route: RouteId): void {
  // A preload that fails is not an error yet: showing the screen loads it again and reports a failure.
  loaderOf(route)?.().catch(() => {});
}
