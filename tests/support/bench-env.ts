// For the tests that run the benchmark harnesses in quick mode (issue 26): `BENCH_QUICK=1` and no real photos
// (FIXTURES_DIR at an empty folder), as on a bare clone. Call it before importing any harness: where the photos
// are is read when tooling/paths.ts loads, so a file imports the harnesses with `await import` after this call.
// Where test files share a module graph (the browser project, D85), the modules are forgotten before and after, so
// the harnesses load with this environment and the files after them without it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, vi } from 'vitest';
import { BROTLI_QUALITY, BROTLI_QUALITY_VARIABLE } from '../../scripts/compress-dist';

export function benchQuicklyWithoutPhotos(): void {
  const noPhotos = mkdtempSync(path.join(tmpdir(), 'kr-bench-no-photos-'));
  vi.stubEnv('BENCH_QUICK', '1');
  vi.stubEnv('FIXTURES_DIR', noPhotos);
  // The restart benchmark's changed-source starts build as the tests' builds do (CI time, issue 35).
  vi.stubEnv(BROTLI_QUALITY_VARIABLE, String(BROTLI_QUALITY.test));
  vi.resetModules();
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    rmSync(noPhotos, { recursive: true, force: true });
  });
}
