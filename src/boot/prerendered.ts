// The build prerenders the home screen's HTML into the page served for `/` (scripts/prerender.ts), marking the
// root element with the route it rendered; every other path gets the plain shell with an empty root.

/** The route the build prerenders: home, the same for every visitor. */
export const PRERENDERED_HOME_ROUTE = 'home';

/** On the root element: which route's screen the build rendered into it. */
export const PRERENDERED_ROUTE_ATTRIBUTE = 'data-prerendered-route';

/** The route whose HTML the root element already holds; null for the plain shell. */
export function prerenderedRouteOf(root: HTMLElement): string | null {
  return root.hasChildNodes() ? root.getAttribute(PRERENDERED_ROUTE_ATTRIBUTE) : null;
}
