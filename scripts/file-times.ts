// Keeps how long each test file took, for the order the next runs hand the files out in (CI time, issue 35,
// D125; tests/support/test-order.ts). Run after `npm test`, which leaves vitest's JSON report behind:
// `npm run test:times` writes tests/support/file-times.json from it. Commit the file when the suite's shape has
// changed (a file added, split or much longer); a stale one only orders the files less well.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { FILE_TIMES, fileTimesOf, type TimedFile } from '../tooling/file-times';
import { repoRoot } from '../tooling/paths';

const report = JSON.parse(readFileSync(path.join(repoRoot, '.vitest-report.json'), 'utf8')) as {
  testResults: TimedFile[];
};
// The workers vitest.config.ts asks for.
const workers = Math.max(2, availableParallelism() - 1);
writeFileSync(FILE_TIMES, `${JSON.stringify(fileTimesOf(report.testResults, repoRoot, workers), null, 2)}\n`);
console.log(`wrote ${path.relative(repoRoot, FILE_TIMES)} from ${report.testResults.length} files`);
