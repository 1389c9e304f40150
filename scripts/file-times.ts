// Keeps how long each test file took, for the order the next runs hand the files out in (CI time, issue 35,
// D125; tests/support/test-order.ts). Run after `npm test`, which leaves vitest's JSON report behind:
// `npm run test:times` writes tests/support/file-times.json from it. Commit the file when the suite's shape has
// changed (a file added, split or much longer); a stale one only orders the files less well.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { FILE_TIMES, type FileTimes } from '../tests/support/test-order';

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

if (import.meta.main) {
  const root = path.join(import.meta.dirname, '..');
  const report = JSON.parse(readFileSync(path.join(root, '.vitest-report.json'), 'utf8')) as {
    testResults: TimedFile[];
  };
  // The workers vitest.config.ts asks for.
  const workers = Math.max(2, availableParallelism() - 1);
  writeFileSync(FILE_TIMES, `${JSON.stringify(fileTimesOf(report.testResults, root, workers), null, 2)}\n`);
  console.log(`wrote ${path.relative(root, FILE_TIMES)} from ${report.testResults.length} files`);
}
