// The generation job calls (DESIGN D7): start a job, read it, cancel it. Each is one short request under the
// usual timeout; following a job until it ends is the actors' business (src/actors/follow-job.ts).
import { GENERATIONS_REMAINING_HEADER } from '../../contract/endpoints';
import {
  type GenerationJob,
  generationHistorySchema,
  IDEMPOTENCY_KEY_HEADER,
  jobPaths,
  jobResponseSchema,
  type PastKitchenJob,
} from '../../contract/generation';
import type { ApiClient } from './client';
import { parseResponse } from './parse-response';
import { integerHeader } from './request-errors';

export interface JobAnswer {
  job: GenerationJob;
  /** The Generations-Remaining header of the answer; null when it carried none. */
  remainingGenerations: number | null;
}

const jobPath = (template: string, jobId: string) => template.replace(':id', encodeURIComponent(jobId));

async function jobAnswer(
  api: ApiClient,
  path: string,
  options: Parameters<ApiClient['requestRaw']>[1],
): Promise<JobAnswer> {
  const response = await api.requestRaw(path, { ...options, remainingHeader: GENERATIONS_REMAINING_HEADER });
  return {
    job: parseResponse('the generation', jobResponseSchema, response._data).job,
    remainingGenerations: integerHeader(response.headers, GENERATIONS_REMAINING_HEADER),
  };
}

/** POSTs a generation request under its idempotency key (src/api/generation-keys.ts): a resend is not charged twice. */
export const startGenerationJob = (
  api: ApiClient,
  path: string,
  body: object,
  idempotencyKey: string,
  signal?: AbortSignal,
) =>
  jobAnswer(api, path, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    signal,
  });

export const readGenerationJob = (api: ApiClient, jobId: string, signal?: AbortSignal) =>
  jobAnswer(api, jobPath(jobPaths.job, jobId), { signal });

export const cancelGenerationJob = (api: ApiClient, jobId: string) =>
  api.request(jobPath(jobPaths.cancel, jobId), { method: 'POST' });

/** The user's kitchen generations, newest first, each with the photo it was made from when the server says. */
export async function readGenerationHistory(api: ApiClient, signal?: AbortSignal): Promise<PastKitchenJob[]> {
  const body = await api.request(jobPaths.history, { signal });
  return parseResponse('your earlier kitchens', generationHistorySchema, body).jobs;
}
