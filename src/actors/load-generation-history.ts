import { imageUrl } from '../../contract/images';
import type { PastGeneration } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { readGenerationHistory } from '../api/generation';
import type { PromiseRun } from './on-demand-actor';

/** The user's earlier kitchens that came out, newest first, with the URL of each picture and of its photo. */
export const loadGenerationHistory =
  (api: ApiClient): PromiseRun<PastGeneration[], unknown> =>
  async ({ signal }) => {
    const urlOf = (imageId: string) => `${api.baseUrl}${imageUrl(imageId)}`;
    return (await readGenerationHistory(api, signal)).flatMap(
      ({ id, state, resultImageId, createdAt, sourceImageId, choices }): PastGeneration[] =>
        state === 'succeeded' && resultImageId !== null
          ? [
              {
                id,
                imageUrl: urlOf(resultImageId),
                createdAt,
                ...(sourceImageId && { source: { imageId: sourceImageId, imageUrl: urlOf(sourceImageId) } }),
                ...(choices && { choices }),
              },
            ]
          : [],
    );
  };
