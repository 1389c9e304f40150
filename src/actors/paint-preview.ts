// The live preview's painting (issue 33), loaded with the first marked photo: one preview worker for the page
// (src/preview/), the photo and its marked surfaces opened in it once per marking, then each request painted in
// the choices so far. The chart spawns one of these per key and stops it when a newer choice makes it stale; its
// signal then drops the stale answer. Never rejects: a failed preview is an outcome the screen words.
import { MARKED_SURFACES, type MarkedSurface } from '../../contract/surface-masks';
import type { PreviewOutcome, PreviewRequest } from '../../machines/kitchen/actors';
import { looksSoFar } from '../../recolour/looks';
import type { ApiClient } from '../api/client';
import { dataUrlToBlob } from '../api/images';
import { downloadSurfaceMask } from '../api/surface-masks';
import { createPreviewClient, type PreviewClient } from '../preview/preview-client';
import type { PromiseRun } from './on-demand-actor';

export const PREVIEW_FAILED_MESSAGE =
  'The preview of your kitchen could not be made. Your choices are kept, and Generate still works.';

/** The marked surfaces' masks as the server keeps them with the photo; a surface not marked is left out. */
async function masksOf(api: ApiClient, imageId: string): Promise<Partial<Record<MarkedSurface, Blob>>> {
  const downloaded = await Promise.all(
    MARKED_SURFACES.map(
      async (surface) => [surface, await downloadSurfaceMask(api, imageId, surface)] as const,
    ),
  );
  const masks: Partial<Record<MarkedSurface, Blob>> = {};
  for (const [surface, mask] of downloaded) if (mask) masks[surface] = mask;
  return masks;
}

/** Paints previews with one worker, kept for the page's life; `client` is the real worker's unless a test's. */
export function previewPainter(
  api: ApiClient,
  client: PreviewClient = createPreviewClient(),
): PromiseRun<PreviewOutcome, PreviewRequest> {
  // The photo and marking open in the worker: shared by every request for them, never aborted by one of them.
  let opened: { key: string; opening: Promise<unknown> } | undefined;
  const open = ({ imageId, marking, photo }: PreviewRequest) => {
    const key = `${imageId}#${marking}`;
    if (opened?.key === key) return opened.opening;
    const opening = masksOf(api, imageId).then((masks) => client.open(dataUrlToBlob(photo), masks));
    const current = { key, opening };
    opened = current;
    // A failed opening is not kept: the next request tries again.
    opening.catch(() => {
      if (opened === current) opened = undefined;
    });
    return opening;
  };
  return async ({ input, signal }) => {
    try {
      await open(input);
      const look = looksSoFar(input.choices.front, input.choices.worktop);
      return { kind: 'painted', picture: await client.recolour(look, signal) };
    } catch {
      // Also when stopped (a newer choice): nobody hears the outcome then.
      return { kind: 'failed', message: PREVIEW_FAILED_MESSAGE };
    }
  };
}
