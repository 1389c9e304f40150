// Builds the app once for the whole browser run and hands its directory to every test file, and starts the one
// Chromium every file connects to (CI time, issue 35, D85: a Chromium a file cost about a second of CPU, 15 times
// a run).
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { BROTLI_QUALITY } from '../../scripts/compress-dist';
import { buildApp, launchChromiumServer } from '../../tooling/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app (`vite build` output) the browser tests' servers serve. */
    appDistDir: string;
    /** Where the run's Chromium listens: `chromium.connect` it (tests/browser/browser-suite.ts). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Brotli at the tests' quality (CI time, issue 35): no test reads the copies' size.
  const distDir = buildApp(undefined, BROTLI_QUALITY.test);
  project.provide('appDistDir', distDir);
  const chromium = await launchChromiumServer().catch((error: unknown) => {
    rmSync(distDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    rmSync(distDir, { recursive: true, force: true });
  };
}
