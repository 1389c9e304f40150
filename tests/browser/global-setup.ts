// Builds the app once for the whole browser run and hands its directory to every test file.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../tooling/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app (`vite build` output) the browser tests' servers serve. */
    appDistDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const distDir = buildApp();
  project.provide('appDistDir', distDir);
  return () => rmSync(distDir, { recursive: true, force: true });
}
