// `npm test` runs the harnesses of the benchmarks that need only the built app (browser, bundle, render) once in
// their quick mode (issue 26): their walk through the wizard and the report they write, never their timings. A
// harness that breaks fails here, not in a later reader's run. Shares the browser project's build; drawn photos
// only (FIXTURES_DIR points at an empty folder).
import { afterAll, describe, expect, inject, it, vi } from 'vitest';

const noPhotos = (await import('../../tooling/server')).temporaryDir('kr-bench-no-photos-');
vi.stubEnv('BENCH_QUICK', '1');
vi.stubEnv('FIXTURES_DIR', noPhotos.dir);
// Imported after the environment is set: the benchmark reads where the photos are when it loads.
const { browserBenchmark } = await import('../../scripts/bench/browser');
const { bundleBenchmark } = await import('../../scripts/bench/bundle');
const { renderBenchmark } = await import('../../scripts/bench/render');
const { machineInfo } = await import('../../scripts/bench/machine');

afterAll(() => {
  vi.unstubAllEnvs();
  noPhotos.remove();
});

/** The body rows of every Markdown table in `markdown`, each as its cells. */
const tableRows = (markdown: string): string[][] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells, index, rows) => !cells.every((cell) => cell === '---') && rows[index + 1]?.[0] !== '---');

describe('the browser benchmark, quick', () => {
  it('walks the wizard and writes a figure in every row of its section', async () => {
    const markdown = await browserBenchmark.run({
      machine: machineInfo(),
      appDist: () => inject('appDistDir'),
    });
    for (const heading of [
      '### A wizard step change',
      '### Photo preparation',
      '### Saving the selections',
    ]) {
      expect(markdown).toContain(heading);
    }
    const rows = tableRows(markdown);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.join(' | ')).toMatch(/\d+(\.\d)? ms/);
  }, 300_000);
});

describe.each([
  ['bundle', bundleBenchmark],
  ['render', renderBenchmark],
])('the %s benchmark, quick', (_id, benchmark) => {
  it('runs to its end and writes a figure in every row of its tables', async () => {
    const markdown = await benchmark.run({ machine: machineInfo(), appDist: () => inject('appDistDir') });
    expect(markdown).not.toContain('Failed');
    const rows = tableRows(markdown);
    expect(rows.length).toBeGreaterThan(0);
    // A figure: a number somewhere after the row's name.
    for (const row of rows) expect(row.slice(1).join(' | ')).toMatch(/\d/);
  }, 300_000);
});
