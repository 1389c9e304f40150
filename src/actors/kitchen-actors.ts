// The real implementations of every server call the statechart declares (machines/kitchen/actors.ts), for
// `kitchenMachine.provide({ actors })`. Only the authorisation comes with the first load; the catalogue loads
// (with the query cache), the photo's preparation and check, and the generations, with the contract schemas they
// parse with, load the first time they run: the first screen never needs them.
import type { ApiClient } from '../api/client';
import { GenerationKeys } from '../api/generation-keys';
import type { LazyQueryClient } from '../api/lazy-query-client';
import { loadOnce } from '../api/load-on-demand';
import type { PreparePhotoFile } from '../photo-preparation/photo-preparer';
import { authorizeUserActor } from './authorize-user';
import { onDemandActor } from './on-demand-actor';

export interface KitchenActorDependencies {
  api: ApiClient;
  queryClient: LazyQueryClient;
  preparePhoto: PreparePhotoFile;
  /** How often a generation job is asked for news; the default suits people, tests go faster. */
  jobPollIntervalMs?: number;
}

export function createKitchenActors({
  api,
  queryClient,
  preparePhoto,
  jobPollIntervalMs,
}: KitchenActorDependencies) {
  // Shared by both generations, and kept for the page's life: a retry of either finds its earlier key.
  const generationKeys = new GenerationKeys();
  // One preview worker for the page, loaded with the first marked photo (never with the first screen).
  const previewPainter = loadOnce(async () => (await import('./paint-preview')).previewPainter(api));
  return {
    authorizeUser: authorizeUserActor(api),
    loadCatalogue: onDemandActor(async () =>
      (await import('./load-catalogue')).loadCatalogue(api, await queryClient.get()),
    ),
    preparePhoto: onDemandActor(async () => (await import('./prepare-photo')).preparePhotoWith(preparePhoto)),
    validateImageContent: onDemandActor(async () =>
      (await import('./validate-image-content')).checkImageContent(api),
    ),
    saveSurfaceMasks: onDemandActor(async () =>
      (await import('./save-surface-masks')).saveSurfaceMasks(api, (photo, masks) => {
        // The preview opens the masks while they upload (D105); if it fails, the preview tries again itself.
        previewPainter
          .get()
          .then((painter) => painter.openAhead(photo, masks))
          .catch(() => {});
      }),
    ),
    generateEmptyRoom: onDemandActor(async () =>
      (await import('./generate-empty-room')).generateEmptyRoom(api, jobPollIntervalMs, generationKeys),
    ),
    generateKitchen: onDemandActor(async () =>
      (await import('./generate-kitchen')).generateKitchen(api, jobPollIntervalMs, generationKeys),
    ),
    loadGenerationHistory: onDemandActor(async () =>
      (await import('./load-generation-history')).loadGenerationHistory(api),
    ),
    deleteMyData: onDemandActor(async () => (await import('./delete-my-data')).eraseMyData(api, queryClient)),
    loadComparison: onDemandActor(async () => (await import('./load-comparison')).loadComparison(api)),
    registerPasskey: onDemandActor(async () => (await import('./account-actors')).registerPasskey(api)),
    signInWithPasskey: onDemandActor(async () => (await import('./account-actors')).signInWithPasskey(api)),
    signOut: onDemandActor(async () => (await import('./account-actors')).signOut(api)),
    paintPreview: onDemandActor(async () => (await previewPainter.get()).paint),
  };
}
