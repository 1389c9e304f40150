import path from 'node:path';

/** The project's root: tests run with it as the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * Real photos kept outside the repository (D33): `FIXTURES_DIR` when set, else ../shared/fixtures, which CI
 * places beside the clone. Tests reach them through real-photos.ts, which skips when they are absent.
 */
export const fixturesDir = process.env.FIXTURES_DIR
  ? path.resolve(process.env.FIXTURES_DIR)
  : path.resolve(repoRoot, '../shared/fixtures');
export const fixture = (relativePath: string) => path.join(fixturesDir, relativePath);
