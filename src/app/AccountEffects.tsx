// What the account region asks of the browser: any answer saying the session ended leads to /access-denied with
// its reason, and once signed out the browser forgets the wizard and starts again at home as a new guest.
import { useEffect } from 'react';
import type { AppBoot } from '../boot/boot';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { clearSelections } from '../persistence/kitchen-storage';

/** Renders nothing. */
export function AccountEffects({ boot: { api, storage } }: { boot: AppBoot }) {
  const actor = KitchenActor.useActorRef();
  useEffect(
    () => api.onSessionEnded((reason) => actor.send({ type: 'ACCESS_DENIED', reason })),
    [actor, api],
  );
  const signedOut = KitchenActor.useSelector((snapshot) => snapshot.matches({ account: 'signedOut' }));
  useEffect(() => {
    if (!signedOut) return;
    if (storage) clearSelections(storage);
    // A page load, not a route: the new guest's id comes with fresh boot data.
    window.location.assign('/');
  }, [signedOut, storage]);
  return null;
}
