// Preload on intent (spec §2, §9): when the pointer rests on, focus reaches or a finger touches a way into a
// step, the lists that step will ask for are fetched into the query cache, and the wizard's code is loaded if it
// is not yet, so the step opens with both at hand. The query cache and the catalogue's code load with the first
// preload: the first screen needs neither.
import { useMemo } from 'react';
import { preloadRequestsFor } from '../../machines/kitchen/catalogue-requests';
import { isStepId } from '../../machines/kitchen/steps';
import { useAppServices } from '../kitchen/app-services';
import { KitchenActor } from '../kitchen/kitchen-actor';

export interface PreloadIntentHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/** Handlers to spread on a link or button that leads to `step` (no-ops for anything that is not a step). */
export function usePreloadIntent(step: string | null): PreloadIntentHandlers {
  const actor = KitchenActor.useActorRef();
  const { api, queryClient, preloadScreen } = useAppServices();
  return useMemo(() => {
    const preload = () => {
      if (step === null || !isStepId(step)) return;
      preloadScreen(`create-kitchen/${step}`);
      // The choices are read at the moment of intent, not at render, so they are never stale.
      const requests = preloadRequestsFor(step, actor.getSnapshot().context);
      if (requests.length === 0) return;
      // A failed preload (or its code out of reach) is not an error yet: the step's own load reports it.
      void Promise.all([import('../actors/load-catalogue'), queryClient.get()])
        .then(([{ preloadCatalogue }, client]) =>
          Promise.all(requests.map((request) => preloadCatalogue(api, client, request))),
        )
        .catch(() => {});
    };
    return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
  }, [actor, queryClient, api, step, preloadScreen]);
}
