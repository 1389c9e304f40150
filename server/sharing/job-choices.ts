// The one place that reads a stored kitchen job's choices (its request) and turns them into words: the share
// page, the spec sheet and the app's side-by-side view all come through here.
import { describeKitchen, type KitchenDescription } from '../../contract/kitchen-choices';
import { findFrontalPreview, findWorktopPreview } from '../catalogue/catalogue';
import type { StoredJobRequest } from '../generation/job-store';
import type { PriceList } from './price-list';

/** Undefined for an empty-room job, or one whose catalogue entries no longer exist. */
export function describeJob(request: StoredJobRequest, prices: PriceList): KitchenDescription | undefined {
  if (request.kind !== 'kitchen') return undefined;
  const front = findFrontalPreview(request.frontalId);
  const worktop = findWorktopPreview(request.worktopId);
  if (!front || !worktop) return undefined;
  return describeKitchen({
    front: { ...front, price: prices.priceOf(front.id) },
    worktop: { ...worktop, price: prices.priceOf(worktop.id) },
    shape: request.shape,
    hasIsland: request.hasIsland,
  });
}
