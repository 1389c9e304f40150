import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each project gets the environment its code really runs in: the statechart, contract and server in
    // Node, the React app in a DOM.
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**'],
          testTimeout: 30_000,
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
    ],
  },
});
