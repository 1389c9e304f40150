// Preload on intent (spec §2, §9): when the pointer rests on, focus reaches or a finger touches a way into a
// step, the lists that step will ask for are fetched into the query cache, and the wizard's code is loaded if it
// is not yet, so the step opens with both at hand.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { preloadRequestsFor } from '../../machines/kitchen/catalogue-requests';
import { isStepId } from '../../machines/kitchen/steps';
import { catalogueQueryOptions } from '../api/catalogue';
import { PRELOAD_STALE_TIME_MS } from '../api/query-client';
import { useAppServices } from '../app/app-services';
import { KitchenActor } from '../app/kitchen-actor';
import { preloadScreen } from '../screens/screen-loaders';

export interface PreloadIntentHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/** Handlers to spread on a link or button that leads to `step` (no-ops for anything that is not a step). */
export function usePreloadIntent(step: string | null): PreloadIntentHandlers {
  const actor = KitchenActor.useActorRef();
  const queryClient = useQueryClient();
  const { api } = useAppServices();
  return useMemo(() => {
    const preload = () => {
      if (step === null || !isStepId(step)) return;
      preloadScreen(`create-kitchen/${step}`);
      // The choices are read at the moment of intent, not at render, so they are never stale.
      for (const request of preloadRequestsFor(step, actor.getSnapshot().context)) {
        // A failed preload is not an error yet: the step's own load reports it if it fails again.
        void queryClient.prefetchQuery({
          ...catalogueQueryOptions(api, request),
          staleTime: PRELOAD_STALE_TIME_MS,
        });
      }
    };
    return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
  }, [actor, queryClient, api, step]);
}
