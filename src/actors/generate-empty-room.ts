import { actionPaths } from '../../contract/endpoints';
import type { GenerateEmptyRoomRequest } from '../../contract/generation';
import type { EmptyRoomOutput, GenerateEmptyRoomInput } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { GenerationKeys } from '../api/generation-keys';
import { followGenerationJob } from './follow-job';
import { GenerationError } from './generation-failure';
import type { PromiseRun } from './on-demand-actor';
import { uploadedImageId } from './uploaded-image-id';

/** Clears the furniture out of the photo first; the kitchen is then drawn into the empty room. */
export const generateEmptyRoom =
  (
    api: ApiClient,
    pollIntervalMs?: number,
    keys = new GenerationKeys(),
  ): PromiseRun<EmptyRoomOutput, GenerateEmptyRoomInput> =>
  async ({ input, signal }) => {
    const body: GenerateEmptyRoomRequest = {
      imageId: await uploadedImageId(api, input.imageId, input.imageDataUrl, signal),
    };
    const { job, remainingGenerations } = await followGenerationJob({
      api,
      path: actionPaths.generateEmptyRoom,
      body,
      listener: input.listener,
      signal,
      pollIntervalMs,
      keys,
      photo: input.imageId ?? input.imageDataUrl,
    });
    if (job.resultImageId === null) {
      throw new GenerationError('The empty room came back without a picture.', remainingGenerations);
    }
    return { emptyRoomId: job.resultImageId, remainingGenerations };
  };
