// The offline provider: no key, no network. The "empty room" is the photo itself (the concept renderer reads
// the room's light and colours from it, furniture and all); the kitchen is the concept render.

import type { GenerationProvider } from './provider';
import { renderConcept } from './render/render-concept';

export const LOCAL_PROVIDER_NAME = 'local';

export function createLocalProvider(): GenerationProvider {
  return {
    name: LOCAL_PROVIDER_NAME,
    // Offline: its calls cost nothing, so its empty rooms are free and the daily budget ignores it.
    paid: false,

    async emptyRoom({ photo }, { signal }) {
      signal.throwIfAborted();
      return photo;
    },

    async kitchen(request, { signal, reportStage }) {
      await reportStage('rendering');
      signal.throwIfAborted();
      const image = await renderConcept({
        photo: (request.emptyRoom ?? request.photo).bytes,
        frontal: request.frontal,
        worktop: request.worktop,
        layout: request.layout,
        hasIsland: request.hasIsland,
        otherChoices: request.otherChoices,
      });
      signal.throwIfAborted();
      return image;
    },
  };
}
