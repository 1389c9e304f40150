// Tests that need a real-world photo (a phone's HEIC, a real kitchen for the moderation model): they run where
// the photo fixtures are (CI, or FIXTURES_DIR) and are skipped elsewhere. Their names carry REAL_PHOTO_TAG, so
// scripts/run-tests.ts can count exactly these skips (D33).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { fixturesDir, repoRoot } from './paths';

export { fixture } from './paths';

/** Marks a test or group as one that needs the real photos; run-tests.ts counts skipped tests by it. */
export const REAL_PHOTO_TAG = '[real photos]';

export const realPhotosPresent = existsSync(fixturesDir);

/** Where the photos were looked for, as a person would type it from the project's root. */
export const realPhotosPlace = process.env.FIXTURES_DIR ?? path.relative(repoRoot, fixturesDir);

/** The reason a real-photo test did not run, or undefined when the photos are there. */
export const realPhotosMissing = realPhotosPresent
  ? undefined
  : `${realPhotosPlace} is absent (set FIXTURES_DIR to the photo fixtures)`;

const tagged = (name: string) => `${name} ${REAL_PHOTO_TAG}`;

/** A describe block that needs the real photos: skipped, hooks and all, when they are absent. */
export const describeWithRealPhotos = (name: string, body: () => void) =>
  describe.skipIf(!realPhotosPresent)(tagged(name), body);

/** A test that needs the real photos: skipped when they are absent. */
export const itWithRealPhotos = (name: string, body: () => Promise<void> | void, timeout?: number) =>
  it.skipIf(!realPhotosPresent)(tagged(name), body, timeout);
