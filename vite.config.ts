import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is served by our own server in production (server/), which proxies nothing: the API shares the origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
