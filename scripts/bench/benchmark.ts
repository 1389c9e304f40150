import { realPhotosPlace } from '../../tooling/paths';
import { realPhotoIfPresent } from '../../tooling/photo-source';
import type { MachineInfo } from './machine';

/** What a benchmark is given: where it runs, and the production build, made once for all that need it. */
export interface BenchContext {
  machine: MachineInfo;
  /** The directory of a production `vite build`, built on first call. */
  appDist(): string;
}

export interface Benchmark {
  /** Its name on the command line and its section's marker in docs/benchmarks.md. */
  id: string;
  /** Runs it and answers the Markdown of its report section. */
  run(context: BenchContext): Promise<string>;
}

/** Thrown by a benchmark that cannot run here: its section in the report is left as it was. */
export class BenchmarkSkipped extends Error {}

/** A real photo that no tool here can make (a phone's HEIC); without it the benchmark is skipped. */
export function requireRealPhoto(relativePath: string): Buffer {
  const photo = realPhotoIfPresent(relativePath);
  if (photo) return photo;
  throw new BenchmarkSkipped(
    `needs the real photo ${relativePath}, which is not in ${realPhotosPlace} (set FIXTURES_DIR to the photos)`,
  );
}
