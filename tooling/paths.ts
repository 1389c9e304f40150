import { existsSync } from 'node:fs';
import path from 'node:path';

/** The project's root: tests run with it as the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '..');
/**
 * Real photos kept outside the repository (D33): `FIXTURES_DIR` when set, else ../shared/fixtures, which CI
 * places beside the clone. Tests reach them through real-photos.ts, which skips when they are absent.
 */
export const fixturesDir = process.env.FIXTURES_DIR
  ? path.resolve(process.env.FIXTURES_DIR)
  : path.resolve(repoRoot, '../shared/fixtures');
export const fixture = (relativePath: string) => path.join(fixturesDir, relativePath);

export const realPhotosPresent = existsSync(fixturesDir);
/** Where the photos were looked for, as typed (FIXTURES_DIR) or relative to the project's root. */
export const realPhotosPlace = process.env.FIXTURES_DIR ?? path.relative(repoRoot, fixturesDir);
/**
 * In the name of every test that needs the real photos, so scripts/run-tests.ts counts exactly their skips.
 * Kept here, free of vitest, for that script to import.
 */
export const REAL_PHOTO_TAG = '[real photos]';
