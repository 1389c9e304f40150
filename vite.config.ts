import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is served by our own server in production (server/), which proxies nothing: the API shares the origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // @xstate/react imports the pre-React-18 shims of useSyncExternalStore; on React 19 each falls back to
    // React's own hook, so the shims' fallback code was dead weight in the first load.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
    ],
  },
  // ES-module workers keep dynamic imports as separate chunks: the photo worker loads the 2 MB HEIC decoder
  // only when a HEIC photo arrives (the default iife format would inline it into the worker).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // A browser without modulepreload (Safari before 17, Firefox before 115) only fetches a chunk's imports when
    // it runs rather than ahead: the polyfill is not worth its place in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's modules mix plain data (endpoint paths, the layout table) with zod schemas. Building a
      // schema has no side effect, so one the app never uses (kitchenLayoutIdSchema beside KITCHEN_LAYOUTS)
      // is dropped, and zod with it: the wizard's first load stays free of zod (DESIGN "Budgets").
      treeshake: { manualPureFunctions: ['z'] },
      // Everything the entry imports statically is one chunk with it. Left alone, the bundler splits off what a
      // screen loaded on demand shares with the entry (the chart, xstate, the API client) into chunks of their
      // own, which the first load fetches all the same and gzips apart: 1 to 2 KB gzip more (D59).
      output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
