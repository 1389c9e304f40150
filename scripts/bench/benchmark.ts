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
  /**
   * Given by the tests' quick mode only (CI time, issue 35, D124): puts a migrated database in a new data
   * directory, so the harness's first start reopens one, as its measured starts do in a full run, instead of
   * creating it. `npm run bench` gives none: its unmeasured first start creates the database.
   */
  seedDataDir?(dataDir: string): Promise<void>;
}

export interface Benchmark {
  /** Its name on the command line and its section's marker in docs/benchmarks.md. */
  id: string;
  /** Runs it and answers the Markdown of its report section. */
  run(context: BenchContext): Promise<string>;
}
