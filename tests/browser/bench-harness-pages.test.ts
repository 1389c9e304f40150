// `npm test` runs the harnesses of the benchmarks that measure pages in Chromium (lighthouse, marking, the live
// preview) once in
// quick mode, without the real photos (issue 26): their walk and the report they write, never their timings.
// Shares the browser project's build.
import { describe, expect, inject, it } from 'vitest';
import { benchQuicklyWithoutPhotos } from '../support/bench-env';

benchQuicklyWithoutPhotos();
const { expectAFigureInEveryRow, quickBenchContext } = await import('../support/quick-bench');
const { lighthouseBenchmark } = await import('../../scripts/bench/lighthouse');
const { markingBenchmark } = await import('../../scripts/bench/marking');
const { livePreviewBenchmark } = await import('../../scripts/bench/live-preview');

const context = quickBenchContext(() => inject('appDistDir'));
const HARNESS_MS = 300_000;

describe('the lighthouse benchmark, quick', () => {
  it(
    'checks a drawn photo, goes on to the wizard step, audits it and writes its figures',
    async () => {
      const markdown = await lighthouseBenchmark.run(context);
      const [row] = expectAFigureInEveryRow(markdown, 1);
      // The page, then the performance score, LCP, TBT and CLS, each measured.
      expect(row?.[0]).toContain('`/create-kitchen/design`; shown: `/create-kitchen/design`');
      expect(row?.slice(1, 5)).toEqual([
        expect.stringMatching(/^\d+ \(\d+\)$/),
        expect.stringMatching(/ ms$/),
        expect.stringMatching(/ ms$/),
        expect.stringMatching(/^\d\.\d{3}$/),
      ]);
      expect(markdown).toContain('a kitchen drawn by the concept renderer');
    },
    HARNESS_MS,
  );
});

describe('the marking benchmark, quick', () => {
  it(
    'strokes in Chromium, marks a made kitchen in Node and writes a figure in every row',
    async () => {
      const markdown = await markingBenchmark.run(context);
      const rows = expectAFigureInEveryRow(markdown, 5);
      expect(rows.filter((row) => row[0]?.startsWith('Stroke to overlay'))).toHaveLength(2);
    },
    HARNESS_MS,
  );
});

describe('the live-preview benchmark, quick', () => {
  it(
    'marks a made kitchen, changes front and worktop colours at 1x and 4x and writes a figure in every row',
    async () => {
      const markdown = await livePreviewBenchmark.run(context);
      const rows = expectAFigureInEveryRow(markdown, 8);
      const labels = rows.map((row) => row[0] ?? '');
      for (const surface of ['Front colour', 'Worktop colour'])
        for (const pace of ['no throttling', 'CPU slowed 4×'])
          expect(labels).toContain(`${surface}, ${pace}`);
      expect(labels.some((label) => label.startsWith('First preview on screen'))).toBe(true);
    },
    HARNESS_MS,
  );
});
