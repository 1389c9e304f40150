// `npm test` runs the harnesses of the benchmarks that start the compiled server (server, uploads) once in quick
// mode, without the real photos (issue 26): their walk and the report they write, never their timings. Both use
// one compiled server.
import { describe, expect, it } from 'vitest';
import { benchQuicklyWithoutPhotos } from '../support/bench-env';

benchQuicklyWithoutPhotos();
const { expectAFigureInEveryRow, quickBenchContext } = await import('../support/quick-bench');
const { serverBenchmark } = await import('../../scripts/bench/server');
const { uploadsBenchmark } = await import('../../scripts/bench/uploads');

const context = quickBenchContext();
const HARNESS_MS = 300_000;

describe('the server benchmark, quick', () => {
  it(
    'loads both routes, starts, moderates drawn photos and writes a figure in every row',
    async () => {
      const markdown = await serverBenchmark.run(context);
      const rows = expectAFigureInEveryRow(markdown, 8);
      expect(rows.map((row) => row[0])).toContain('Catalogue / bare req/s');
      expect(markdown).toContain('Moderated photos: a kitchen drawn by the concept renderer');
    },
    HARNESS_MS,
  );
});

describe('the uploads benchmark, quick', () => {
  it(
    'uploads drawn photos beside catalogue reads, says so, and every upload is answered',
    async () => {
      const markdown = await uploadsBenchmark.run(context);
      const rows = expectAFigureInEveryRow(markdown, 2);
      expect(markdown).toContain('JPEG drawn by the concept renderer, **not the HEIC**');
      for (const row of rows) {
        const [, answered, sent] = row.at(-1)?.match(/^(\d+) of (\d+),/) ?? [];
        expect(Number(answered), row[0]).toBeGreaterThan(0);
        expect(answered, row[0]).toBe(sent);
      }
    },
    HARNESS_MS,
  );
});
