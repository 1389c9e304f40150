import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          // One file at a time: Chromium and the server of two files would fight over two cores.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
