import { defineConfig } from 'vite';

// The server, compiled ahead of time: `npm start` runs plain JavaScript instead of compiling TypeScript at every
// start (DESIGN "Budgets": start to the first answered request). Packages stay in node_modules (Vite's SSR build
// keeps them external); only the project's own modules, contract/ and JSON it imports are bundled.
export default defineConfig({
  build: {
    ssr: true,
    rolldownOptions: {
      // The worker threads' modules are entries of their own: each worker loads its file by URL.
      input: {
        main: 'server/main.ts',
        'moderation-thread': 'server/moderation/moderation-thread.ts',
        'pixel-thread': 'server/pixel-thread.ts',
        // Asked by `npm start` (scripts/start.mjs) whether this build is current, without compiling TypeScript.
        'build-stamp': 'scripts/build-stamp.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'assets/[name]-[hash].js' },
    },
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    // Readable stack traces and logs matter more on a server than a few kilobytes.
    minify: false,
  },
  // public/ holds the app's static files; the server serves them from dist/, so none are copied here.
  publicDir: false,
  logLevel: 'warn',
});
