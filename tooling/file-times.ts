// How long each test file took in a run, kept for the order later runs hand the files out in (CI time, issue 35,
// D125): read by tests/support/test-order.ts, written from a run's report by scripts/file-times.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** Where the files' times are kept, by path from the repository's root. */
export const FILE_TIMES = path.join(repoRoot, 'tests', 'support', 'file-times.json');

/** Seconds each file took in a run, its collection included, by path from the repository's root. */
export type FileTimes = Record<string, number>;

export function readFileTimes(file = FILE_TIMES): FileTimes {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FileTimes;
  } catch {
    return {};
  }
}

export interface TimedFile {
  /** Absolute, as vitest's report names it. */
  name: string;
  startTime: number;
  endTime: number;
}

/**
 * Each file's seconds from the moment its worker was free to the end of its tests. The report's own times leave
 * out a file's collection (its imports and top-level work: the model-based suite plans its paths there), so the
 * time between the end of the file before on the same worker and its start is counted as the file's. The report
 * does not say which worker ran a file: each file is given to the worker that was free latest before it started.
 */
export function fileTimesOf(files: readonly TimedFile[], root: string, workers: number): FileTimes {
  const freeAt = Array.from({ length: workers }, () => Math.min(...files.map((file) => file.startTime)));
  const times: FileTimes = {};
  for (const file of [...files].sort((a, b) => a.startTime - b.startTime)) {
    const free = freeAt.map((at, worker) => ({ at, worker })).filter(({ at }) => at <= file.startTime);
    const { at, worker } = free.sort((a, b) => b.at - a.at)[0] ?? { at: file.startTime, worker: -1 };
    if (worker >= 0) freeAt[worker] = file.endTime;
    const name = path.relative(root, file.name).split(path.sep).join('/');
    times[name] = Math.round((file.endTime - at) / 100) / 10;
  }
  return Object.fromEntries(Object.entries(times).sort(([a], [b]) => (a < b ? -1 : 1)));
}
