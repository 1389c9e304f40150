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
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
