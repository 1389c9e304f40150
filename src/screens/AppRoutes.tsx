// Every screen at hand, loaded with this module: for renderers that must show any screen at once, such as the
// screen tests, which render synchronously. The app itself routes with LazyAppRoutes, the same table whose
// later screens load on demand. Every screen brings its own header, <main> and one <h1 data-route-heading>
// that the URL projection focuses on a change.
import '../styles/tokens.css';
import '../styles/base.css';
import { AccessDeniedScreen } from './AccessDeniedScreen';
import { HomeScreen } from './HomeScreen';
import { NotFoundScreen } from './NotFoundScreen';
import { HowItWorksScreen } from './onboarding/HowItWorksScreen';
import { PersonalizationScreen } from './onboarding/PersonalizationScreen';
import { ShowcaseScreen } from './onboarding/ShowcaseScreen';
import { type RouteScreens, useRouteScreen } from './RouteScreen';
import { WizardScreen } from './wizard/WizardScreen';
import { YourKitchenScreen } from './your-kitchen/YourKitchenScreen';

const ALL_SCREENS: RouteScreens = {
  home: HomeScreen,
  'onboarding/how-it-works': HowItWorksScreen,
  'onboarding/personalization': PersonalizationScreen,
  'onboarding/showcase': ShowcaseScreen,
  wizard: WizardScreen,
  'your-kitchen': YourKitchenScreen,
  'access-denied': AccessDeniedScreen,
  'not-found': NotFoundScreen,
};

export function AppRoutes() {
  const { Screen } = useRouteScreen(ALL_SCREENS);
  return <Screen />;
}
