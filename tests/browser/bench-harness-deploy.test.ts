// `npm test` runs the harnesses of the benchmarks that run the product as it is deployed (journey: instances of
// the compiled server on PostgreSQL; restart: `npm start` in a copy of the project) once in quick mode, without
// the real photos (issue 26): their walk and the report they write, never their timings. Shares the browser
// project's build of the app; the server is compiled once for the file.
import { describe, expect, inject, it } from 'vitest';
import { benchQuicklyWithoutPhotos } from '../support/bench-env';

benchQuicklyWithoutPhotos();
const { expectAFigureInEveryRow, quickBenchContext } = await import('../support/quick-bench');
const { journeyBenchmark } = await import('../../scripts/bench/journey');
const { restartBenchmark } = await import('../../scripts/bench/restart');

const context = quickBenchContext(() => inject('appDistDir'));
const HARNESS_MS = 300_000;

describe('the journey benchmark, quick', () => {
  it(
    'does whole journeys on one and two instances with a drawn photo, none failing',
    async () => {
      const markdown = await journeyBenchmark.run(context);
      const rows = expectAFigureInEveryRow(markdown, 2);
      expect(rows.map((row) => row[0])).toEqual(['one instance', '2 instances']);
      for (const row of rows) expect(Number(row[1]), row[0]).toBeGreaterThan(0);
      expect(markdown).toContain('a kitchen drawn by the concept renderer');
    },
    HARNESS_MS,
  );
});

describe('the restart benchmark, quick', () => {
  it(
    'starts unchanged, bare, checked and after a change, each as it should, with a figure in every row',
    async () => {
      const markdown = await restartBenchmark.run(context);
      const rows = expectAFigureInEveryRow(markdown, 4);
      for (const row of rows) expect(row[1], row[0]).toMatch(/ ms$/);
    },
    HARNESS_MS,
  );
});
