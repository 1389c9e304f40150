// The live preview's painting (issue 33), loaded with the first marked photo: one preview worker for the page
// (src/preview/), the photo and its marked surfaces opened in it once per marking, then each request painted in
// the choices so far. A marking saved in this page is opened from the masks the marking tool made, as soon as it
// is saved (D105); one restored after a reload, from the server's copies. The chart spawns one of these per key and stops it when a newer choice makes it stale; its
// signal then drops the stale answer. Never rejects: a failed preview is an outcome the screen words.
import { MARKED_SURFACES, type MarkedSurface } from '../../contract/surface-masks';
import type { PreviewOutcome, PreviewRequest, SurfaceMaskUploads } from '../../machines/kitchen/actors';
import { looksSoFar } from '../../recolour/looks';
import type { ApiClient } from '../api/client';
import { dataUrlToBlob } from '../api/images';
import { downloadSurfaceMask } from '../api/surface-masks';
import { createPreviewClient, type PreviewClient } from '../preview/preview-client';
import { PREVIEW_PAINTED_MARK } from '../preview/preview-messages';
import type { PromiseRun } from './on-demand-actor';

type MaskFiles = Partial<Record<MarkedSurface, Blob>>;

export const PREVIEW_FAILED_MESSAGE =
  'The preview of your kitchen could not be made. Your choices are kept, and Generate still works.';

/** The marked surfaces' masks as the server keeps them with the photo; a surface not marked is left out. */
async function downloadedMasks(
  api: ApiClient,
  imageId: string,
): Promise<Partial<Record<MarkedSurface, Blob>>> {
  const downloaded = await Promise.all(
    MARKED_SURFACES.map(
      async (surface) => [surface, await downloadSurfaceMask(api, imageId, surface)] as const,
    ),
  );
  const masks: Partial<Record<MarkedSurface, Blob>> = {};
  for (const [surface, mask] of downloaded) if (mask) masks[surface] = mask;
  return masks;
}

/** The marked surfaces among the masks the marking tool made (named by surface; others are not the preview's). */
function markedSurfaces(masks: SurfaceMaskUploads): Partial<Record<MarkedSurface, Blob>> {
  const marked: Partial<Record<MarkedSurface, Blob>> = {};
  for (const surface of MARKED_SURFACES) {
    const mask = masks[surface];
    if (mask) marked[surface] = mask;
  }
  return marked;
}

export interface PreviewPainter {
  /**
   * Opens the photo with the masks the marking tool just made, while they are being saved (D105): the preview
   * spawned once they are saved finds them open (the same masks), and only paints.
   */
  openAhead(photo: string, masks: SurfaceMaskUploads): Promise<unknown>;
  /** The chart's preview actor: the photo in the request's choices. */
  paint: PromiseRun<PreviewOutcome, PreviewRequest>;
}

/** Paints previews with one worker, kept for the page's life; `client` is the real worker's unless a test's. */
export function previewPainter(
  api: ApiClient,
  client: PreviewClient = createPreviewClient(),
): PreviewPainter {
  // The photo and marking open in the worker: shared by every request for them, never aborted by one of them.
  // Keyed by the masks themselves when the page holds them, else by the photo's id and marking.
  let opened: { key: string | SurfaceMaskUploads; opening: Promise<unknown> } | undefined;
  const open = (key: string | SurfaceMaskUploads, photo: string, masks: () => Promise<MaskFiles>) => {
    if (opened?.key === key) return opened.opening;
    const opening = masks().then((files) => client.open(dataUrlToBlob(photo), files));
    const current = { key, opening };
    opened = current;
    // A failed opening is not kept: the next request tries again.
    opening.catch(() => {
      if (opened === current) opened = undefined;
    });
    return opening;
  };
  const openRequest = ({ imageId, marking, photo, masks }: PreviewRequest) =>
    masks
      ? open(masks, photo, async () => markedSurfaces(masks))
      : open(`${imageId}#${marking}`, photo, () => downloadedMasks(api, imageId));
  return {
    openAhead: (photo, masks) => open(masks, photo, async () => markedSurfaces(masks)),
    paint: async ({ input, signal }) => {
      try {
        await openRequest(input);
        const look = looksSoFar(input.choices.front, input.choices.worktop);
        const picture = await client.recolour(look, signal);
        // When each picture was ready, whichever screen shows it: the live-preview benchmark reads these.
        performance.mark(PREVIEW_PAINTED_MARK);
        return { kind: 'painted', picture };
      } catch {
        // Also when stopped (a newer choice): nobody hears the outcome then.
        return { kind: 'failed', message: PREVIEW_FAILED_MESSAGE };
      }
    },
  };
}
