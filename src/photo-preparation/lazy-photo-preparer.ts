// The photo worker's page side, loaded with the first photo chosen: the first screen takes none.
import { loadOnce } from '../api/load-on-demand';
import type { PreparePhotoFile } from './photo-preparer';

export function createLazyPhotoPreparer(): PreparePhotoFile {
  // One preparer, and so one worker, for the page's life (see createPhotoPreparer).
  const preparer = loadOnce(async () => (await import('./photo-preparer')).createPhotoPreparer());
  return async (file, signal) => (await preparer.get())(file, signal);
}
