import { actionPaths } from '../../contract/endpoints';
import type { GenerateKitchenRequest } from '../../contract/generation';
import { imageUrl } from '../../contract/images';
import type { GeneratedKitchen, GenerateKitchenInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { GenerationKeys } from '../api/generation-keys';
import { followGenerationJob } from './follow-job';
import { GenerationError } from './generation-failure';
import type { PromiseRun } from './on-demand-actor';
import { uploadedImageId } from './uploaded-image-id';

/** Generates the kitchen from the uploaded photo (and the empty room, when there is one) and every choice. */
export const generateKitchen =
  (
    api: ApiClient,
    pollIntervalMs?: number,
    keys = new GenerationKeys(),
  ): PromiseRun<GeneratedKitchen, GenerateKitchenInput> =>
  async ({ input, signal }) => {
    const { configuration } = input;
    if (configuration === null) {
      throw new GenerationError('Some choices are missing. Please finish the wizard first.', null);
    }
    const body: GenerateKitchenRequest = {
      imageId: await uploadedImageId(api, input.imageId, input.imageDataUrl, signal),
      emptyRoomId: input.emptyRoomId,
      frontalId: configuration.frontal.id,
      worktopId: configuration.worktop.id,
      shape: configuration.shape,
      hasIsland: configuration.hasIsland,
      // The hex stays home: the server shows the catalogue's.
      choices: configuration.choices.map(({ step, value, label }) => ({ step, value, label })),
    };
    const { job, remainingGenerations } = await followGenerationJob({
      api,
      path: actionPaths.generateKitchen,
      body,
      listener: input.listener,
      signal,
      pollIntervalMs,
      keys,
      photo: input.imageId ?? input.imageDataUrl,
    });
    if (job.resultImageId === null) {
      throw new GenerationError('The kitchen came back without a picture.', remainingGenerations);
    }
    return {
      imageUrl: `${api.baseUrl}${imageUrl(job.resultImageId)}`,
      remainingGenerations,
      provider: job.provider,
    };
  };
