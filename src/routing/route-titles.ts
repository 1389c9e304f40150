// The document title of each screen: the step's own title in the wizard, a short name elsewhere.
import type { RouteId } from '../../machines/kitchen/routes';
import type { KitchenView } from '../../machines/kitchen/view';

export const APP_NAME = 'Kitchen Reimagined';

const ROUTE_TITLES: Partial<Record<RouteId, string>> = {
  'onboarding/how-it-works': 'How It Works',
  'onboarding/personalization': 'Make It Yours',
  'onboarding/showcase': 'Showcase',
  'your-kitchen': 'Your Kitchen',
  'access-denied': 'Access Denied',
  'not-found': 'Not Found',
  privacy: 'Privacy and Your Data',
};

export function documentTitleOf(view: Pick<KitchenView, 'route' | 'step'>): string {
  const title = view.step?.title ?? ROUTE_TITLES[view.route];
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}
