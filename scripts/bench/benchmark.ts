import type { MachineInfo } from './machine';

/** What a benchmark is given: where it runs, and the production build, made once for all that need it. */
export interface BenchContext {
  machine: MachineInfo;
  /** The directory of a production `vite build`, built on first call. */
  appDist(): string;
}

export interface Benchmark {
  /** Its name on the command line and its section's marker in docs/benchmarks.md. */
  id: string;
  /** Runs it and answers the Markdown of its report section. */
  run(context: BenchContext): Promise<string>;
}
