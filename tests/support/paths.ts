import path from 'node:path';

/** The project's root: tests run with it as the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Real photos shared beside the project (../shared/fixtures); CI clones the project with shared/ beside it. */
export const fixturesDir = path.resolve(repoRoot, '../shared/fixtures');
export const fixture = (relativePath: string) => path.join(fixturesDir, relativePath);
