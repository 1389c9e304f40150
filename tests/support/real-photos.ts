// Tests that need a real-world photo (a phone's HEIC, a real kitchen for the moderation model): they run where
// the photo fixtures are (CI, or FIXTURES_DIR) and are skipped elsewhere. Their names carry REAL_PHOTO_TAG, so
// scripts/run-tests.ts can count exactly these skips (D33).
import { describe, it } from 'vitest';
import { REAL_PHOTO_TAG, realPhotosPlace, realPhotosPresent } from '../../tooling/paths';

export { fixture, REAL_PHOTO_TAG, realPhotosPresent } from '../../tooling/paths';

// The tag names the place looked in when the photos are absent, so a skipped test says why in any reporter.
const tagged = (name: string) =>
  realPhotosPresent
    ? `${name} ${REAL_PHOTO_TAG}`
    : `${name} ${REAL_PHOTO_TAG} (${realPhotosPlace} is absent)`;

/** A describe block that needs the real photos: skipped, hooks and all, when they are absent. */
export const describeWithRealPhotos = (name: string, body: () => void) =>
  describe.skipIf(!realPhotosPresent)(tagged(name), body);

/** A test that needs the real photos: skipped when they are absent. */
export const itWithRealPhotos = (name: string, body: () => Promise<void> | void, timeout?: number) =>
  it.skipIf(!realPhotosPresent)(tagged(name), body, timeout);
