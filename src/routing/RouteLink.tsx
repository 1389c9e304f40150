// A link to a screen of the app: a real `<a href>` (open in a new tab, copy the address, crawlers), whose
// plain left click is turned into a NAVIGATE so the machine decides where the user lands.
import { type AnchorHTMLAttributes, type MouseEvent, useMemo } from 'react';
import { pathOfRoute, type RouteId, stepOfRoute } from '../../machines/kitchen/routes';
import { useAppServices } from '../kitchen/app-services';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { usePreloadIntent } from './use-preload-intent';

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  route: RouteId;
}

/** A click the browser should handle itself: another button, a modifier (new tab or window), a target. */
const isBrowserClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self');

export function RouteLink({ route, onClick, ...anchor }: RouteLinkProps) {
  const actor = KitchenActor.useActorRef();
  const { preloadScreen } = useAppServices();
  const stepPreload = usePreloadIntent(stepOfRoute(route));
  // Intent also loads the code of the screen the link leads to, when it is not in the first load.
  const preload = useMemo(() => {
    const withScreen = (handler: () => void) => () => {
      preloadScreen(route);
      handler();
    };
    return {
      onPointerEnter: withScreen(stepPreload.onPointerEnter),
      onFocus: withScreen(stepPreload.onFocus),
      onTouchStart: withScreen(stepPreload.onTouchStart),
    };
  }, [route, stepPreload, preloadScreen]);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (isBrowserClick(event)) return;
    event.preventDefault();
    actor.send({ type: 'NAVIGATE', route });
  };
  return <a {...preload} {...anchor} href={pathOfRoute(route)} onClick={handleClick} />;
}
