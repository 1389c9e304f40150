// `npm test` runs the harnesses of the benchmarks that work in the test's own process (detection, photo result,
// the preview's recolour in Chromium and Node)
// once in quick mode, without the real photos (issue 26): their work and the report they write, never their
// timings. On a clone without the photos each draws its own and says so.
import { describe, expect, it } from 'vitest';
import { benchQuicklyWithoutPhotos } from '../support/bench-env';

benchQuicklyWithoutPhotos();
const { expectAFigureInEveryRow, quickBenchContext } = await import('../support/quick-bench');
const { detectionBenchmark } = await import('../../scripts/bench/detection');
const { photoResultBenchmark } = await import('../../scripts/bench/photo-result');
const { previewBenchmark } = await import('../../scripts/bench/preview');

const context = quickBenchContext();
const HARNESS_MS = 180_000;

describe('the detection benchmark, quick', () => {
  it(
    'detects on drawn photos, says so, and writes a figure in every row',
    async () => {
      const markdown = await detectionBenchmark.run(context);
      expectAFigureInEveryRow(markdown, 2);
      expect(markdown).toContain('Photos: drawn ones (the fixture photos are absent)');
    },
    HARNESS_MS,
  );
});

describe('the photo result benchmark, quick', () => {
  it(
    'recolours a drawn kitchen at both sizes, in the picture thread and here, with a figure in every row',
    async () => {
      const markdown = await photoResultBenchmark.run(context);
      expectAFigureInEveryRow(markdown, 4);
      expect(markdown).toContain('Photo: a kitchen drawn by the concept renderer with its exact masks');
    },
    HARNESS_MS,
  );
});

describe('the preview benchmark, quick', () => {
  it(
    'recolours a drawn kitchen in Chromium and here, with a figure in every row',
    async () => {
      const markdown = await previewBenchmark.run(context);
      expectAFigureInEveryRow(markdown, 4);
      expect(markdown).toContain('a kitchen drawn by the concept renderer with its exact masks');
    },
    HARNESS_MS,
  );
});
