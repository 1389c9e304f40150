// The real implementations of every server call the statechart declares (machines/kitchen/actors.ts), for
// `kitchenMachine.provide({ actors })`.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { PreparePhotoFile } from '../photo/photo-preparer';
import { authorizeUserActor } from './authorize-user';
import { generateEmptyRoomActor } from './generate-empty-room';
import { generateKitchenActor } from './generate-kitchen';
import { loadCatalogueActor } from './load-catalogue';
import { preparePhotoActor } from './prepare-photo';
import { validateImageContentActor } from './validate-image-content';

export interface KitchenActorDependencies {
  api: ApiClient;
  queryClient: QueryClient;
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
  return {
    authorizeUser: authorizeUserActor(api),
    loadCatalogue: loadCatalogueActor(api, queryClient),
    preparePhoto: preparePhotoActor(preparePhoto),
    validateImageContent: validateImageContentActor(api),
    generateEmptyRoom: generateEmptyRoomActor(api, jobPollIntervalMs),
    generateKitchen: generateKitchenActor(api, jobPollIntervalMs),
  };
}
