import { useEffect } from 'react';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { focusRouteHeadingWhenShown, projectUrl } from './url-projection';

/** Mounts the URL projection for the app's kitchen actor; renders nothing. */
export function UrlProjection() {
  const actor = KitchenActor.useActorRef();
  useEffect(() => {
    // A screen loaded on demand shows its heading a little later; a newer screen change stops the wait.
    let stopWaiting = () => {};
    const stopProjecting = projectUrl(actor, window, {
      onScreenChange: () => {
        stopWaiting();
        stopWaiting = focusRouteHeadingWhenShown(document);
      },
    });
    return () => {
      stopWaiting();
      stopProjecting();
    };
  }, [actor]);
  return null;
}
