// The line before the final tally that says how many real-photo tests ran or were skipped (D33): a bare clone
// skips them, CI runs them all. Counted from vitest's JSON report by the tag in their names, so a test skipped
// for any other reason is never counted as one.
import { REAL_PHOTO_TAG, realPhotosPlace, realPhotosPresent } from '../tooling/paths';

export interface VitestAssertion {
  fullName: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo' | 'disabled';
}

export interface VitestFileReport {
  assertionResults: VitestAssertion[];
}

const plural = (count: number) => `${count} real-photo test${count === 1 ? '' : 's'}`;

export interface RealPhotos {
  present: boolean;
  place: string;
}

export function realPhotoSummary(
  files: readonly VitestFileReport[],
  photos: RealPhotos = { present: realPhotosPresent, place: realPhotosPlace },
): string {
  const tagged = files
    .flatMap((file) => file.assertionResults)
    .filter((test) => test.fullName.includes(REAL_PHOTO_TAG));
  const skipped = tagged.filter((test) => test.status === 'skipped' || test.status === 'pending').length;
  const ran = tagged.length - skipped;
  if (!photos.present) return `${plural(skipped)} skipped: ${photos.place} is absent (set FIXTURES_DIR)`;
  if (skipped === 0) return `${plural(ran)} ran, all of them (photos from ${photos.place})`;
  return `${plural(skipped)} skipped, ${ran} ran, although the photos are at ${photos.place}`;
}
