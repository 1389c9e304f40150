// The photos `npm run bench` and `npm run screenshots` work with: the real one when the fixtures are beside the
// clone (D33), otherwise a kitchen the concept renderer draws, so a bare clone runs them too. Each says which it
// is, for the report that quotes figures measured with it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { KITCHEN_PHOTO_SIZE, kitchenPhotoFile, type PickedFile } from './made-images';
import { fixturesDir } from './paths';

export interface SourcePhoto {
  /** What a file input or a route is given. */
  file: PickedFile;
  real: boolean;
  /** The photo in words, for a report: its file name, or what was drawn instead and why. */
  words: string;
}

/** The real photo at `relativePath` under `dir`, if it is there. */
export function realPhotoIfPresent(relativePath: string, dir = fixturesDir): Buffer | undefined {
  const file = path.join(dir, relativePath);
  return existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * The real kitchen photo at `relativePath`, or, when the fixtures lack it, the made kitchen the browser tests
 * upload through the app's photo check (of `size` when given).
 */
export async function realOrDrawnKitchen(
  relativePath: string,
  size?: { width: number; height: number },
  dir = fixturesDir,
): Promise<SourcePhoto> {
  const real = realPhotoIfPresent(relativePath, dir);
  const name = path.basename(relativePath);
  if (real) return { file: { name, mimeType: 'image/jpeg', buffer: real }, real: true, words: `\`${name}\`` };
  const { width, height } = size ?? KITCHEN_PHOTO_SIZE;
  return {
    file: await kitchenPhotoFile(size),
    real: false,
    words: `a kitchen drawn by the concept renderer (${width} × ${height}; \`${name}\` was not found)`,
  };
}

let showcase: Promise<SourcePhoto> | undefined;
/** The kitchen the screenshots show and the browser benchmarks upload, made or read once per process. */
export function showcaseKitchen(): Promise<SourcePhoto> {
  showcase ??= realOrDrawnKitchen('kitchens/kitchen-02-white-island-pexels.jpg');
  return showcase;
}
