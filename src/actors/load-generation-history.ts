import { imageUrl } from '../../contract/images';
import type { PastGeneration } from '../../machines/kitchen/actors';
import type { ApiClient } from '../api/client';
import { readGenerationHistory } from '../api/generation';
import type { PromiseRun } from './on-demand-actor';

/** The user's earlier kitchens that came out, newest first, with the URL of each picture. */
export const loadGenerationHistory =
  (api: ApiClient): PromiseRun<PastGeneration[], unknown> =>
  async ({ signal }) =>
    (await readGenerationHistory(api, signal)).flatMap((job) =>
      job.state === 'succeeded' && job.resultImageId !== null
        ? [{ id: job.id, imageUrl: `${api.baseUrl}${imageUrl(job.resultImageId)}`, createdAt: job.createdAt }]
        : [],
    );
