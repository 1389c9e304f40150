// What a share token leads to: nothing (unknown or revoked: 404), a result that is gone (deleted or expired:
// 410), or a live result with its choices in words.
import type { KitchenDescription } from '../../contract/kitchen-choices';
import type { ImageStore } from '../images/image-store';
import type { JobRecord, JobStore } from '../jobs/job-store';
import { describeJob } from './job-choices';
import type { PriceList } from './price-list';
import type { ShareStore, StoredShareLink } from './share-store';
import { isShareToken } from './share-token';

export interface LiveResult {
  share: StoredShareLink;
  resultImageId: string;
  /** The photo the kitchen was made from. */
  beforeImageId: string;
  description: KitchenDescription;
  /** When the kitchen was made (the job's creation, as the app's history dates it), ISO. */
  madeAt: string;
}

export type SharedResult = { state: 'not-found' } | { state: 'gone' } | ({ state: 'live' } & LiveResult);

/** The result behind a job when it is a finished kitchen whose picture is still stored. */
export async function liveKitchen(
  record: JobRecord | undefined,
  images: ImageStore,
  prices: PriceList,
): Promise<Omit<LiveResult, 'share'> | undefined> {
  if (record?.job.state !== 'succeeded' || !record.job.resultImageId) return undefined;
  const description = describeJob(record.request, prices);
  if (!description || !(await images.has(record.userId, record.job.resultImageId))) return undefined;
  return {
    resultImageId: record.job.resultImageId,
    beforeImageId: record.request.imageId,
    description,
    madeAt: new Date(record.job.createdAt).toISOString(),
  };
}

export function createSharedResults(deps: {
  shares: ShareStore;
  jobs: JobStore;
  images: ImageStore;
  prices: PriceList;
}) {
  return async function sharedResult(token: string): Promise<SharedResult> {
    if (!isShareToken(token)) return { state: 'not-found' };
    const share = await deps.shares.findLive(token);
    if (!share) return { state: 'not-found' };
    const kitchen = await liveKitchen(
      await deps.jobs.find(share.ownerId, share.link.jobId),
      deps.images,
      deps.prices,
    );
    return kitchen ? { state: 'live', share, ...kitchen } : { state: 'gone' };
  };
}
