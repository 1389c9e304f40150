import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFilesFirst, { FRESH_GRAPH_PROJECT } from './tests/support/test-order';

/**
 * What every test worker's Node runs with: V8's garbage collector on the worker's own thread, without helper
 * threads. On two cores the helpers only take time from the other worker, Chromium and the servers, and cost
 * CPU of their own (CI time, issue 35, D154).
 */
const execArgv = ['--single-threaded-gc'];

/** The Node project's settings, shared by the files that share a module graph and those that need their own. */
const nodeProject = {
  environment: 'node',
  execArgv,
  include: ['tests/**/*.test.ts'],
  exclude: ['tests/browser/**'],
  // One PostgreSQL cluster for the run, a database per file (tests/support/postgres.ts); the server compiled once
  // for the tests that start it as its own process (tests/support/compiled-server-setup.ts).
  globalSetup: ['tests/support/postgres-global-setup.ts', 'tests/support/compiled-server-setup.ts'],
  testTimeout: 30_000,
  // Hooks start and stop real servers, model threads and databases: on a loaded 2-core machine a server's
  // close (its nsfw thread included) once took longer than vitest's default 10 s.
  hookTimeout: 60_000,
} satisfies TestProjectInlineConfiguration['test'];

/**
 * Files that need modules of their own: they mock modules, set the environment before importing what reads it
 * (the benchmark harnesses' quick mode, where the photos are), check what their own thread has loaded, or load a
 * module anew (the damaged database dump).
 */
const NEEDS_A_FRESH_MODULE_GRAPH = [
  'tests/bench/in-process-harnesses.test.ts',
  'tests/bench/server-harnesses.test.ts',
  'tests/machines/added-step/added-step.test.ts',
  'tests/server/generation/lifecycle.test.ts',
  'tests/server/generation/wizard-order.test.ts',
  'tests/server/images/moderation-thread.test.ts',
  'tests/server/providers/openai-moderation.test.ts',
  'tests/server/db/fresh-pglite.test.ts',
];

export default defineConfig({
  test: {
    // One group for all the projects (CI time, issue 23, D42): the browser files run beside the others instead
    // of one at a time after them with a core idle. Vitest orders a group's files by project name, then longest
    // first; the Node files that need a fresh module graph go first instead of last, and within each project the
    // files go longest first by the times a run kept (tests/support/test-order.ts, D113, D125), so the run ends on
    // short files, not on a 30 s harness alone. At least two workers: vitest's default,
    // one fewer than the cores, ran every file one after another on CI's 2-core machine, while most files wait on
    // servers, databases, Chromium and timers. Not more (D114): a third worker on 2 cores, beside another full run,
    // failed two tests for time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFilesFirst },
    // Each project gets the environment its code really runs in: the statechart, contract and server in
    // Node, the React app in a DOM, and the whole product in real Chromium against the real server.
    projects: [
      {
        test: {
          ...nodeProject,
          name: 'node',
          exclude: [...nodeProject.exclude, ...NEEDS_A_FRESH_MODULE_GRAPH],
          // The server's files share one module graph per worker (CI time, issue 23, D63): each file imported
          // fastify, sharp, pg and the server anew, about 2 s a file, 40 s of a 320 s node run.
          isolate: false,
        },
      },
      {
        test: { ...nodeProject, name: FRESH_GRAPH_PROJECT, include: NEEDS_A_FRESH_MODULE_GRAPH },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          execArgv,
          include: ['tests/**/*.test.tsx'],
          // Testing Library's waits bounded at 10 s, not its 1 s (tests/support/dom-setup.ts).
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          execArgv,
          include: ['tests/browser/**/*.test.ts'],
          // Builds the app once per run and hands its directory to every file; the deployed benchmark's harness
          // starts the run's compiled server.
          globalSetup: ['tests/browser/global-setup.ts', 'tests/support/compiled-server-setup.ts'],
          // No `fileParallelism: false`: vitest would give the project a group of its own, run after the others
          // one file at a time (D29: 585 s of a 2158 s run, mostly a core idle). Each file has its own server
          // and Chromium, so files may run side by side.
          // A worker's files share one module graph, as the node project's do (CI time, issue 35, D85): each file
          // loaded the server, Playwright and axe anew, 3 to 4 s between files. The benchmark harnesses' files,
          // which read their environment when they load, import them anew (tests/support/bench-env.ts).
          isolate: false,
          // Hang guards, not measures: a phone's walk of every screen (33 s alone) and the marking walk passed 90 s
          // in a run beside another full test run (issue 35), which must pass.
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
