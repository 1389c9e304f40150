import { useEffect } from 'react';
import { KitchenActor } from '../app/kitchen-actor';
import { focusRouteHeading, projectUrl } from './url-projection';

/** Mounts the URL projection for the app's kitchen actor; renders nothing. */
export function UrlProjection() {
  const actor = KitchenActor.useActorRef();
  useEffect(
    () =>
      projectUrl(actor, window, {
        onScreenChange: () => focusRouteHeading(document),
      }),
    [actor],
  );
  return null;
}
