// Every screen of the app as a route, and the reading of a URL path into one (spec §2). The statechart has a
// state per route; the URL is only a projection of that state.
import { isStepId, STEP_IDS, type StepId, stepMeta } from './steps';

export const ONBOARDING_STEPS = ['how-it-works', 'personalization', 'showcase'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

export type RouteId =
  | 'home'
  | `onboarding/${OnboardingStepId}`
  | `create-kitchen/${StepId}`
  | 'your-kitchen'
  | 'access-denied'
  | 'not-found'
  | 'privacy';

export const ROUTE_IDS: readonly RouteId[] = [
  'home',
  ...ONBOARDING_STEPS.map((step) => `onboarding/${step}` as const),
  ...STEP_IDS.map((step) => `create-kitchen/${step}` as const),
  'your-kitchen',
  'access-denied',
  'not-found',
  'privacy',
];

const STEP_ROUTE_PREFIX = 'create-kitchen/';

/** The wizard step a route leads to; null for a route outside the wizard. */
export const stepOfRoute = (route: RouteId): StepId | null =>
  route.startsWith(STEP_ROUTE_PREFIX) ? (route.slice(STEP_ROUTE_PREFIX.length) as StepId) : null;

/** The URL path of a route. Not Found has none of its own: it keeps whatever path was asked for. */
export const pathOfRoute = (route: RouteId): string => {
  if (route === 'home') return '/';
  const step = stepOfRoute(route);
  if (step !== null) return stepMeta(step).path;
  return `/${route}`;
};

export interface ResolvedPath {
  route: RouteId;
  /** True when the path asked for is not the route's own, so the address bar is corrected (history replace). */
  redirected: boolean;
}

const isOnboardingStep = (value: string): value is OnboardingStepId =>
  (ONBOARDING_STEPS as readonly string[]).includes(value);

/** Reads a URL path (base path `/`) into a route, applying the spec's redirects. */
export const routeFromPath = (pathname: string): ResolvedPath => {
  const segments = pathname.split('/').filter(Boolean);
  const [first, second, ...rest] = segments;
  const exact = (route: RouteId): ResolvedPath => ({ route, redirected: false });
  const redirect = (route: RouteId): ResolvedPath => ({ route, redirected: true });

  if (first === undefined) return exact('home');
  if (first === 'onboarding') {
    if (second !== undefined && isOnboardingStep(second) && rest.length === 0) {
      return exact(`onboarding/${second}`);
    }
    return redirect('onboarding/how-it-works');
  }
  if (first === 'create-kitchen') {
    if (second === undefined) return redirect('create-kitchen/upload-image');
    if (isStepId(second) && rest.length === 0) return exact(`create-kitchen/${second}`);
    return exact('not-found');
  }
  if ((first === 'your-kitchen' || first === 'access-denied') && second === undefined) return exact(first);
  if (first === 'privacy' && second === undefined) return exact('privacy');
  return exact('not-found');
};
