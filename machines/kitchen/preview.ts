// The live preview of the visitor's own kitchen (issue 33): once the photo is marked, the chart keeps one preview
// actor, spawned for the photo, its marking and the choices so far, and spawns another whenever any of these
// changes. The one it replaces is stopped, which aborts its signal: a stale picture is never painted over a newer
// one. What the picture depends on is read here, from the context, as a key; the recolour itself is the app's
// (src/actors/paint-preview.ts), so the chart stays free of pixels.
import type { PreviewRequest } from './actors';
import { configurationOf } from './configuration';
import type { KitchenContext } from './context';
import { kitchenGuards, kitchenSetup } from './kitchen-setup';

/**
 * The worktop's finish until one is chosen (the Worktop Finish step comes after its material and colour): one
 * that reflects nothing, so the preview adds no sheen the visitor has not chosen.
 */
export const UNCHOSEN_WORKTOP_FINISH = 'Matt';

/** What the preview paints now, or null while there is nothing to paint on (no photo, or not marked). */
export function previewRequestOf(context: KitchenContext): PreviewRequest | null {
  const { inputImageId, inputImageDataUrl, photoMarking, frontals, worktops } = context;
  if (photoMarking !== 'marked' || inputImageId === null || inputImageDataUrl === null) return null;
  const frontal = frontals.selectedFrontalPreview;
  const colour = worktops.selectedColourPreview;
  return {
    imageId: inputImageId,
    photo: inputImageDataUrl,
    marking: context.markingsSaved,
    masks: context.markedMasks,
    choices: {
      front:
        frontal && frontals.finish !== null ? { hex: frontal.primary_hex, finish: frontals.finish } : null,
      worktop:
        colour && worktops.material !== null
          ? {
              material: worktops.material,
              colour: colour.colour,
              finish: worktops.selectedWorktopPreview?.finish ?? UNCHOSEN_WORKTOP_FINISH,
            }
          : null,
    },
  };
}

/** The preview's key: the photo (by its id, not its pixels), the marking and the choices it shows. */
export const previewKeyOf = (request: PreviewRequest | null): string | null =>
  request && JSON.stringify([request.imageId, request.marking, request.choices]);

/**
 * What a generated kitchen depends on: the photo, whether it is marked, and every choice (the layout and island
 * too, which only the sketch shows). The result page compares the latest kitchen's with the choices now (D95).
 * Which marking is not in it: the count of markings is this page's, so a reload would change it; instead a new
 * photo or marking forgets the latest kitchen's key (photo-step.ts, D117), which is persisted with the picture.
 */
export const kitchenKeyOf = (context: KitchenContext): string =>
  JSON.stringify([context.inputImageId, context.photoMarking, configurationOf(context)?.choices ?? null]);

/** The choices, photo and marking are the latest kitchen's: Generate again would make the same picture. */
export const isLatestKitchenUnchanged = (context: KitchenContext): boolean =>
  context.lastGeneratedImageDataUrl !== null && context.lastKitchenKey === kitchenKeyOf(context);

export const previewGuards = kitchenGuards({
  isPreviewStale: ({ context }) => previewKeyOf(previewRequestOf(context)) !== (context.preview?.key ?? null),
});

/** The stale preview stopped (its signal aborts), and a new one spawned for the context now, if it can paint. */
export const previewActions = {
  refreshPreview: kitchenSetup.enqueueActions(({ context, enqueue }) => {
    if (context.preview) enqueue.stopChild(context.preview.ref);
    const request = previewRequestOf(context);
    const key = previewKeyOf(request);
    enqueue.assign({
      preview: ({ spawn }) =>
        request && key ? { key, ref: spawn('paintPreview', { id: 'preview', input: request }) } : null,
    });
  }),
};
