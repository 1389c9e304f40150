// Runs every check and test suite of the project, then prints one plain `N passed, N failed` line: the line
// every CI reads, summed over all runners. Type checking and linting count as one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { readNodeSupport, unsupportedNode } from '../server/ops/node-support';
import { realPhotoSummary, type VitestFileReport } from './real-photo-summary';

interface Tally {
  passed: number;
  failed: number;
}

const tally: Tally = { passed: 0, failed: 0 };
const bin = (name: string) => `node_modules/.bin/${name}`;

function runCheck(label: string, command: string, args: string[]): void {
  console.log(`\n▶ ${label}`);
  const ok = spawnSync(bin(command), args, { stdio: 'inherit' }).status === 0;
  if (ok) tally.passed += 1;
  else tally.failed += 1;
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: (VitestFileReport & { status: 'passed' | 'failed' })[];
}

/** What vitest said about the real-photo tests, printed just before the tally. */
let realPhotoLine: string | undefined;

function runVitest(): void {
  const reportPath = '.vitest-report.json';
  rmSync(reportPath, { force: true });
  console.log('\n▶ vitest');
  const status = spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`],
    { stdio: 'inherit' },
  ).status;
  if (!existsSync(reportPath)) {
    tally.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestJsonReport;
  tally.passed += report.numPassedTests;
  realPhotoLine = realPhotoSummary(report.testResults);
  // A file that fails to load has no failed test of its own, so count it once. (numFailedTestSuites would also
  // count every describe around a failed test.)
  const filesFailedWithoutATest = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failures = report.numFailedTests + filesFailedWithoutATest;
  tally.failed += failures;
  if (status !== 0 && failures === 0) tally.failed += 1;
}

/** An unsupported Node fails in obscure ways deep in the suite (jsdom 31 does not load on 20), so say it first. */
function checkNode(): boolean {
  const { engines, ciVersion } = readNodeSupport('.');
  const unsupported = unsupportedNode(process.version, engines);
  if (!unsupported) return true;
  console.error(`${unsupported} CI runs on ${ciVersion}: PATH="$(bash .ci/node-bin):$PATH" npm test`);
  return false;
}

if (!checkNode()) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
runCheck('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);
runCheck('lint', 'biome', ['check', '.']);
runVitest();

if (realPhotoLine) console.log(realPhotoLine);
// CI reads this line: keep it exactly so, and last.
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);
