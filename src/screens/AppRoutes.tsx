// Which screen each route shows. The plumbing's App renders this inside the providers; every screen brings
// its own header, <main> and one <h1 data-route-heading> that the URL projection focuses on a change.
import type { ComponentType } from 'react';
import type { RouteId } from '../../machines/kitchen/routes';
import { viewOf } from '../../machines/kitchen/view';
import { KitchenActor } from '../app/kitchen-actor';
import '../styles/tokens.css';
import '../styles/base.css';
import { AccessDeniedScreen } from './AccessDeniedScreen';
import { HomeScreen } from './HomeScreen';
import { NotFoundScreen } from './NotFoundScreen';
import { HowItWorksScreen } from './onboarding/HowItWorksScreen';
import { PersonalizationScreen } from './onboarding/PersonalizationScreen';
import { ShowcaseScreen } from './onboarding/ShowcaseScreen';
import { WizardScreen } from './wizard/WizardScreen';
import { YourKitchenScreen } from './your-kitchen/YourKitchenScreen';

type ScreenRoute = Exclude<RouteId, `create-kitchen/${string}`>;

const SCREENS: Record<ScreenRoute, ComponentType> = {
  home: HomeScreen,
  'onboarding/how-it-works': HowItWorksScreen,
  'onboarding/personalization': PersonalizationScreen,
  'onboarding/showcase': ShowcaseScreen,
  'your-kitchen': YourKitchenScreen,
  'access-denied': AccessDeniedScreen,
  'not-found': NotFoundScreen,
};

const isWizardRoute = (route: RouteId): route is `create-kitchen/${string}` & RouteId =>
  route.startsWith('create-kitchen/');

export function AppRoutes() {
  const route = KitchenActor.useSelector((snapshot) => viewOf(snapshot).route);
  // One wizard screen for all ten steps, so moving between steps keeps its frame mounted.
  if (isWizardRoute(route)) return <WizardScreen />;
  const Screen = SCREENS[route as ScreenRoute];
  return <Screen />;
}
