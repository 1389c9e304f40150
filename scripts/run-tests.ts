// Runs every check and test suite of the project, then prints one plain `N passed, N failed` line: the line
// every CI reads, summed over all runners. Type checking and linting count as one test each.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { readNodeSupport, unsupportedNode } from '../server/ops/node-support';
import { realPhotoSummary, type VitestFileReport } from './real-photo-summary';

interface Tally {
  passed: number;
  failed: number;
}

const tally: Tally = { passed: 0, failed: 0 };
const bin = (name: string) => `node_modules/.bin/${name}`;

/**
 * Starts a check beside the test run (CI time, issue 23: typecheck and lint take half a minute on their own core
 * while vitest builds the app), keeping its output to print after the tests. Settles with whether it passed.
 */
function startCheck(label: string, command: string, args: string[]): Promise<() => boolean> {
  const child = spawn(bin(command), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const report = (ok: boolean) => () => {
      console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(output));
      if (ok) tally.passed += 1;
      else tally.failed += 1;
      return ok;
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(report(false));
    });
    child.on('close', (code) => resolve(report(code === 0)));
  });
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: (VitestFileReport & { status: 'passed' | 'failed' })[];
}

/** What vitest said about the real-photo tests, printed just before the tally. */
let realPhotoLine: string | undefined;

async function runVitest(): Promise<void> {
  const reportPath = '.vitest-report.json';
  rmSync(reportPath, { force: true });
  console.log('\n▶ vitest');
  // Spawned, not run synchronously: the checks beside it must keep draining their output meanwhile.
  const vitest = spawn(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`],
    { stdio: 'inherit' },
  );
  const status = await new Promise<number | null>((resolve) => {
    vitest.on('error', () => resolve(null));
    vitest.on('close', resolve);
  });
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
const checks = [
  // One thread: the same diagnostics, for less than half the CPU of tsc's default of four checkers (each holding
  // its own copy of the types), which here take a core from the tests (CI time, issue 35, D153).
  startCheck('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json', '--singleThreaded']),
  startCheck('lint', 'biome', ['check', '.']),
];
await runVitest();
for (const reported of await Promise.all(checks)) reported();

if (realPhotoLine) console.log(realPhotoLine);
// CI reads this line: keep it exactly so, and last.
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);
