import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is served by our own server in production (server/), which proxies nothing: the API shares the origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  // ES-module workers keep dynamic imports as separate chunks: the photo worker loads the 2 MB HEIC decoder
  // only when a HEIC photo arrives (the default iife format would inline it into the worker).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The contract's modules mix plain data (endpoint paths, the layout table) with zod schemas. Building a
      // schema has no side effect, so one the app never uses (kitchenLayoutIdSchema beside KITCHEN_LAYOUTS)
      // is dropped, and zod with it: the wizard's first load stays free of zod (DESIGN "Budgets").
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
