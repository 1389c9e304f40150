// The share-link calls (issue 16): make, list and revoke a result's links, and read a result's choices in
// words. One fetcher per endpoint; the share panel and the side-by-side view are their only callers.

import { sharePaths } from '../../contract/share-paths';
import {
  createdShareSchema,
  type JobChoicesResponse,
  jobChoicesResponseSchema,
  type ShareLink,
  shareListSchema,
  shareResponseSchema,
} from '../../contract/sharing';
import type { ApiClient } from './client';
import { parseResponse } from './parse-response';

const withId = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/** A new link; its address is answered only now (the server keeps a hash of the token). */
export async function createShare(
  api: ApiClient,
  jobId: string,
  includeBefore: boolean,
): Promise<{ share: ShareLink; url: string }> {
  const body = await api.request(withId(sharePaths.jobShares, jobId), {
    method: 'POST',
    body: { includeBefore },
  });
  return parseResponse('the share link', createdShareSchema, body);
}

export async function listShares(api: ApiClient, jobId: string, signal?: AbortSignal): Promise<ShareLink[]> {
  const body = await api.request(withId(sharePaths.jobShares, jobId), { signal });
  return parseResponse('your share links', shareListSchema, body).shares;
}

export async function revokeShare(api: ApiClient, shareId: string): Promise<ShareLink> {
  const body = await api.request(withId(sharePaths.revoke, shareId), { method: 'POST' });
  return parseResponse('the share link', shareResponseSchema, body).share;
}

export async function readKitchenChoices(
  api: ApiClient,
  jobId: string,
  signal?: AbortSignal,
): Promise<JobChoicesResponse> {
  const body = await api.request(withId(sharePaths.jobChoices, jobId), { signal });
  return parseResponse("your kitchen's choices", jobChoicesResponseSchema, body);
}
