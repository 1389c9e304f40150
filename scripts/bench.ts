// `npm run bench`: runs every benchmark (or those named: `npm run bench -- server render`) and writes each one's
// section of docs/benchmarks.md. A benchmark that fails leaves a section saying so, the others still run, and
// the command exits non-zero.
import { rmSync } from 'node:fs';
import { buildApp } from '../tooling/browser';
import { type CompiledServer, compileServerAside } from '../tooling/compiled-server';
import type { BenchContext, Benchmark } from './bench/benchmark';
import { browserBenchmark } from './bench/browser';
import { bundleBenchmark } from './bench/bundle';
import { detectionBenchmark } from './bench/detection';
import { quick } from './bench/format';
import { journeyBenchmark } from './bench/journey';
import { lighthouseBenchmark } from './bench/lighthouse';
import { livePreviewBenchmark } from './bench/live-preview';
import { describeMachine, machineInfo } from './bench/machine';
import { markingBenchmark } from './bench/marking';
import { photoResultBenchmark } from './bench/photo-result';
import { previewBenchmark } from './bench/preview';
import { renderBenchmark } from './bench/render';
import { REPORT_PATH, writeReportSection } from './bench/report-section';
import { restartBenchmark } from './bench/restart';
import { serverBenchmark } from './bench/server';
import { uploadsBenchmark } from './bench/uploads';

const BENCHMARKS: readonly Benchmark[] = [
  bundleBenchmark,
  lighthouseBenchmark,
  browserBenchmark,
  markingBenchmark,
  serverBenchmark,
  renderBenchmark,
  detectionBenchmark,
  photoResultBenchmark,
  previewBenchmark,
  livePreviewBenchmark,
  journeyBenchmark,
  uploadsBenchmark,
  restartBenchmark,
];

function selected(names: string[]): readonly Benchmark[] {
  if (names.length === 0) return BENCHMARKS;
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.id === name));
  if (unknown.length > 0) {
    const known = BENCHMARKS.map((benchmark) => benchmark.id).join(', ');
    throw new Error(`Unknown benchmark ${unknown.join(', ')}; the benchmarks are ${known}.`);
  }
  return BENCHMARKS.filter((benchmark) => names.includes(benchmark.id));
}

const quickNote = () =>
  quick()
    ? '\n\n> Run with `BENCH_QUICK=1`: fewer iterations, to check the harness; not figures to quote.'
    : '';

async function main(): Promise<void> {
  const benchmarks = selected(process.argv.slice(2));
  let distDir: string | undefined;
  const appDist = () => {
    if (!distDir) {
      console.log('building the app (vite build, production)...');
      distDir = buildApp();
    }
    return distDir;
  };
  let server: CompiledServer | undefined;
  const compiledServer = () => {
    if (!server) {
      console.log('compiling the server (as npm run build does)...');
      server = compileServerAside();
    }
    return server;
  };
  let failed = 0;
  try {
    for (const benchmark of benchmarks) {
      const machine = machineInfo();
      const context: BenchContext = { machine, appDist, compiledServer };
      const began = performance.now();
      try {
        const markdown = await benchmark.run(context);
        writeReportSection(benchmark.id, `${markdown.trim()}${quickNote()}`);
      } catch (error) {
        failed += 1;
        console.error(error);
        const reason = error instanceof Error ? error.message : String(error);
        writeReportSection(
          benchmark.id,
          `## ${benchmark.id}\n\n${describeMachine(machine)}\n\n**Failed:** ${reason.split('\n')[0]}`,
        );
      }
      console.log(`${benchmark.id}: done in ${Math.round((performance.now() - began) / 1000)} s`);
    }
  } finally {
    if (distDir) rmSync(distDir, { recursive: true, force: true });
    server?.remove();
  }
  console.log(`written to ${REPORT_PATH}`);
  if (failed > 0) process.exitCode = 1;
}

await main();
