// Builds the app once for the whole browser run and hands its directory to every test file.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { BROTLI_QUALITY } from '../../scripts/compress-dist';
import { buildApp } from '../../tooling/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app (`vite build` output) the browser tests' servers serve. */
    appDistDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  // Brotli at the tests' quality (CI time, issue 35): no test reads the copies' size.
  const distDir = buildApp(undefined, BROTLI_QUALITY.test);
  project.provide('appDistDir', distDir);
  return () => rmSync(distDir, { recursive: true, force: true });
}
