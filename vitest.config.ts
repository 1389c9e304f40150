import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const BROWSER_PROJECT = 'browser';

/**
 * The Chromium files are the run's longest (the statechart walk alone is about half the browser time): started
 * first, beside the node and DOM files, they leave no tail at the end with one file running and a core idle.
 * Within each kind, vitest's own order: longest first by the last run's durations, else the largest file first.
 */
class BrowserFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const startsEarly = (spec: TestSpecification) => (spec.project.name === BROWSER_PROJECT ? 0 : 1);
    // Array#sort is stable: vitest's order holds within each kind.
    return (await super.sort(files)).sort((a, b) => startsEarly(a) - startsEarly(b));
  }
}

export default defineConfig({
  test: {
    // One group for all three projects (CI time, issue 23): the browser files start first and run beside the
    // others, instead of one at a time after them with a core idle.
    sequence: { sequencer: BrowserFirstSequencer },
    // One file per core. Vitest's default is one fewer than the cores, which on CI's 2-core machine ran every
    // file one after another while most files wait on servers, databases, Chromium and timers.
    maxWorkers: availableParallelism(),
    // Each project gets the environment its code really runs in: the statechart, contract and server in
    // Node, the React app in a DOM, and the whole product in real Chromium against the real server.
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**'],
          // One PostgreSQL cluster for the run, a database per file (tests/support/postgres.ts).
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          // Hooks start and stop real servers, model threads and databases: on a loaded 2-core machine a server's
          // close (its nsfw thread included) once took longer than vitest's default 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: BROWSER_PROJECT,
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          // Builds the app once per run and hands its directory to every file.
          globalSetup: ['tests/browser/global-setup.ts'],
          // No `fileParallelism: false`: vitest would give the project a group of its own, run after the others
          // one file at a time (D29: 585 s of a 2158 s run, mostly a core idle). Each file has its own server
          // and Chromium, so files may run side by side.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
