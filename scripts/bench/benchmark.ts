import type { CompiledServer } from '../../tooling/compiled-server';
import type { MachineInfo } from './machine';

/**
 * What a benchmark is given: where it runs, and the production builds, each made once for all that need it (by
 * `npm run bench`, or by the test that runs the harness in quick mode).
 */
export interface BenchContext {
  machine: MachineInfo;
  /** The directory of a production `vite build`, built on first call. */
  appDist(): string;
  /** The compiled server (tooling/compiled-server.ts), compiled on first call. */
  compiledServer(): CompiledServer;
}

export interface Benchmark {
  /** Its name on the command line and its section's marker in docs/benchmarks.md. */
  id: string;
  /** Runs it and answers the Markdown of its report section. */
  run(context: BenchContext): Promise<string>;
}
