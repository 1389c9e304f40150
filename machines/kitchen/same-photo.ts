// Side by side compares kitchens made from one photo (issue 16): the screen offers only those, and the chart
// refuses a choice the history shows to mix photos.
import type { PastGeneration } from './actors';

/**
 * The kitchens of `history` made from the same photo as `kitchen` (it among them), in the history's order. An
 * answer that names no photos (an older server) counts as one photo, so nothing is hidden that could match.
 */
export const kitchensOfPhoto = (
  history: readonly PastGeneration[],
  kitchen: PastGeneration,
): PastGeneration[] => history.filter((other) => other.source?.imageId === kitchen.source?.imageId);

/** False only when the history shows two of `jobIds` made from different photos; an unlisted job cannot tell. */
export function mayBeOfOnePhoto(history: readonly PastGeneration[], jobIds: readonly string[]): boolean {
  const photos = jobIds.flatMap((id) => history.find((kitchen) => kitchen.id === id)?.source?.imageId ?? []);
  return new Set(photos).size <= 1;
}
