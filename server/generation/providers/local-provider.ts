// The offline provider: no key, no network. The "empty room" is the photo itself. The kitchen is the visitor's
// own photo: with the surfaces they marked, its fronts and worktop in the chosen colours and materials
// (the recolour, recolour/, in the runner's picture thread); without marks, the photo as it is, with a note that marking would recolour it. The
// layout and island, which a recolour cannot show, are the concept drawing's (the job's layout sketch).

import { type PhotoLook, surfaceLooksOf } from '../../../recolour/looks';
import type { GenerationProvider, KitchenRequest } from '../provider';

export const LOCAL_PROVIDER_NAME = 'local';

/** The chosen front and worktop as the recolour reads them. */
export function photoLookOf({ frontal, worktop }: Pick<KitchenRequest, 'frontal' | 'worktop'>): PhotoLook {
  return surfaceLooksOf(frontal, worktop);
}

export function createLocalProvider(): GenerationProvider {
  return {
    name: LOCAL_PROVIDER_NAME,
    // Offline: its calls cost nothing, so its empty rooms are free and the daily budget ignores it.
    paid: false,

    async emptyRoom({ photo }, { signal }) {
      signal.throwIfAborted();
      return photo;
    },

    async kitchen(request, { signal, reportStage, photos }) {
      await reportStage('rendering');
      signal.throwIfAborted();
      // Recoloured from the photo itself, never the empty room: the fronts and worktop to recolour are the photo's.
      if (!request.masks) return request.photo;
      const image = await photos.recolour(request.photo, request.masks, photoLookOf(request));
      signal.throwIfAborted();
      return image;
    },
  };
}
