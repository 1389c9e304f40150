// The address bar as a projection of the machine (DESIGN "The statechart"): the URL read at start and on every
// history move becomes a NAVIGATE; every route the machine lands on is written back, adding a history entry
// for a user's move and replacing it for a redirect. No router library: the machine is the router.
import type { Actor } from 'xstate';
import type { KitchenMachine } from '../../machines/kitchen/machine';
import { pathOfRoute, type RouteId, routeFromPath } from '../../machines/kitchen/routes';
import { type KitchenView, viewOf } from '../../machines/kitchen/view';
import { documentTitleOf } from './route-titles';
import { afterRender, createScrollMemory } from './scroll-memory';

export interface UrlProjectionOptions {
  /** Called after the address bar follows a new screen; the first screen is not announced. */
  onScreenChange?: (view: KitchenView) => void;
}

export const ROUTE_HEADING_SELECTOR = '[data-route-heading]';

/** Moves focus to the new screen's heading, so keyboard and screen-reader users start at the top of it. */
export function focusRouteHeading(doc: Document): void {
  const heading = doc.querySelector<HTMLElement>(ROUTE_HEADING_SELECTOR);
  heading?.focus({ preventScroll: true });
}

/**
 * Focuses the new screen's heading as soon as it is shown: at once when the screen is rendered already, or when
 * a screen loaded on demand arrives. Answers a function that stops waiting (the next screen change, unmount).
 */
export function focusRouteHeadingWhenShown(doc: Document): () => void {
  if (doc.querySelector(ROUTE_HEADING_SELECTOR)) {
    focusRouteHeading(doc);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (!doc.querySelector(ROUTE_HEADING_SELECTOR)) return;
    observer.disconnect();
    focusRouteHeading(doc);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Starts projecting; answers a function that stops it. */
export function projectUrl(
  actor: Actor<KitchenMachine>,
  win: Window = window,
  options: UrlProjectionOptions = {},
): () => void {
  const { history, location, document } = win;
  const scroll = createScrollMemory(win);
  // While the URL itself is the cause (start, back/forward), the bar already shows an entry of its own: a
  // different path the machine lands on replaces it rather than adding one after it.
  let followingUrl = false;
  let shownRoute: RouteId | undefined;

  const navigateFromUrl = () => {
    const { route } = routeFromPath(location.pathname);
    followingUrl = true;
    try {
      actor.send({ type: 'NAVIGATE', route });
    } finally {
      followingUrl = false;
    }
  };

  const project = (view: KitchenView) => {
    if (view.path !== null && view.path !== location.pathname) {
      const target = `${view.path}${location.search}${location.hash}`;
      if (!followingUrl && view.navigation === 'push') history.pushState(scroll.newEntryState(), '', target);
      else history.replaceState({ ...(history.state ?? {}), ...scroll.newEntryState() }, '', target);
      if (!followingUrl) scroll.startAtTop();
    }
    if (view.route !== shownRoute) {
      const first = shownRoute === undefined;
      shownRoute = view.route;
      document.title = documentTitleOf(view);
      if (!first) afterRender(win, () => options.onScreenChange?.(view));
    }
  };

  // Started here rather than waiting for the provider: React runs a child's effects before its parent's, and
  // the first NAVIGATE must be processed while it is known to come from the URL. Starting twice is a no-op.
  actor.start();
  const subscription = actor.subscribe((snapshot) => project(viewOf(snapshot)));
  const onPopState = () => {
    navigateFromUrl();
    scroll.restore();
  };
  win.addEventListener('popstate', onPopState);

  // A redirected path (/create-kitchen, an unknown onboarding step) is replaced by the route's own.
  const start = routeFromPath(location.pathname);
  if (start.redirected) {
    history.replaceState(history.state, '', `${pathOfRoute(start.route)}${location.search}${location.hash}`);
  }
  navigateFromUrl();
  project(viewOf(actor.getSnapshot()));

  return () => {
    subscription.unsubscribe();
    win.removeEventListener('popstate', onPopState);
    scroll.stop();
  };
}
