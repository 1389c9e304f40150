import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One group for all three projects (CI time, issue 23, D42): the browser files run beside the others instead
    // of one at a time after them with a core idle. Vitest orders a group's files by project name, then longest
    // first, so the Chromium files, the longest, start first and leave no tail. At least two workers: vitest's
    // default, one fewer than the cores, ran every file one after another on CI's 2-core machine, while most
    // files wait on servers, databases, Chromium and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          name: 'browser',
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
