// Which screen each route shows, given the screens themselves (LazyAppRoutes supplies them, the later ones
// loading on demand).
import type { ComponentType } from 'react';
import type { RouteId } from '../../machines/kitchen/routes';
import { viewOf } from '../../machines/kitchen/view';
import { KitchenActor } from '../kitchen/kitchen-actor';

type WizardRoute = Extract<RouteId, `create-kitchen/${string}`>;

/**
 * A screen (a component, or how to get one) per route; one wizard screen serves every step, so moving between
 * steps keeps its frame.
 */
export type RouteScreens<S = ComponentType> = Record<Exclude<RouteId, WizardRoute>, S> & { wizard: S };

const isWizardRoute = (route: RouteId): route is WizardRoute => route.startsWith('create-kitchen/');

export interface RouteScreen<S = ComponentType> {
  /** Which screen it is: the same for every wizard step. */
  screenKey: keyof RouteScreens;
  Screen: S;
}

/** The screen the machine's current route shows. */
export function useRouteScreen<S>(screens: RouteScreens<S>): RouteScreen<S> {
  const route = KitchenActor.useSelector((snapshot) => viewOf(snapshot).route);
  const screenKey = isWizardRoute(route) ? 'wizard' : route;
  return { screenKey, Screen: screens[screenKey] };
}
