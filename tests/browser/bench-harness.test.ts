// `npm test` runs the harnesses of the benchmarks that need only the built app (browser, bundle, render) once in
// their quick mode (issue 26): their walk through the wizard and the report they write, never their timings. A
// harness that breaks fails here, not in a later reader's run. Shares the browser project's build; drawn photos
// only (FIXTURES_DIR points at an empty folder).
import { describe, expect, inject, it } from 'vitest';
import { benchQuicklyWithoutPhotos } from '../support/bench-env';

benchQuicklyWithoutPhotos();
// Imported after the environment is set: the benchmark reads where the photos are when it loads.
const { expectAFigureInEveryRow, quickBenchContext } = await import('../support/quick-bench');
const { browserBenchmark } = await import('../../scripts/bench/browser');
const { bundleBenchmark } = await import('../../scripts/bench/bundle');
const { renderBenchmark } = await import('../../scripts/bench/render');

const context = quickBenchContext(() => inject('appDistDir'));

describe('the browser benchmark, quick', () => {
  it('walks the wizard and writes a figure in every row of its section', async () => {
    const markdown = await browserBenchmark.run(context);
    for (const heading of [
      '### A wizard step change',
      '### Photo preparation',
      '### Saving the selections',
    ]) {
      expect(markdown).toContain(heading);
    }
    const rows = expectAFigureInEveryRow(markdown, 4);
    for (const row of rows) expect(row.join(' | ')).toMatch(/\d+(\.\d)? ms/);
  }, 300_000);
});

describe.each([
  ['bundle', bundleBenchmark],
  ['render', renderBenchmark],
])('the %s benchmark, quick', (_id, benchmark) => {
  it('runs to its end and writes a figure in every row of its tables', async () => {
    expectAFigureInEveryRow(await benchmark.run(context));
  }, 300_000);
});
