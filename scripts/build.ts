// `npm run build`: everything `npm start` serves and runs. The app: `vite build` into dist/, the home screen
// prerendered into its own page (scripts/prerender.ts), then a Brotli and a gzip copy beside each text asset
// (served in place of the original). The server: compiled ahead of time into dist-server/
// (vite.server.config.ts), so a start runs JavaScript instead of compiling TypeScript.
// The browser tests and the benchmarks build the app with the same function, so they serve what users get.
// A whole build ends with the stamp `npm start` checks (scripts/build-stamp.ts); `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashBuildInputs, removeBuildStamp, writeBuildStamp } from './build-stamp';
import { BROTLI_QUALITY, BROTLI_QUALITY_VARIABLE, compressDirectory } from './compress-dist';
import { prerenderHomeSync } from './prerender';

const repoRoot = path.resolve(import.meta.dirname, '..');
const vite = path.join(repoRoot, 'node_modules', '.bin', 'vite');

/**
 * The environment without a test runner's marks: under vitest NODE_ENV is `test`, which would give a development
 * build (React's dev runtime), not the product users get.
 */
function productionEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  return { ...env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' };
}

function runVite(args: string[], expectedFile: string): void {
  const result = spawnSync(vite, ['build', ...args, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: productionEnv(),
  });
  if (result.status !== 0 || !existsSync(expectedFile)) {
    throw new Error(`vite build failed:\n${result.stderr || result.stdout || String(result.error)}`);
  }
}

/**
 * The production app in `outDir`, home prerendered, pre-compressed (Brotli at the product's quality unless a test
 * build asks for less, scripts/compress-dist.ts); answers how much compression saved.
 */
export function buildApp(
  outDir: string,
  brotliQuality: number = BROTLI_QUALITY.product,
): ReturnType<typeof compressDirectory> {
  runVite(['--outDir', outDir], path.join(outDir, 'index.html'));
  prerenderHomeSync(outDir, productionEnv());
  return compressDirectory(outDir, brotliQuality);
}

/** The Brotli quality a test that runs this script asks for, or the product's. */
function brotliQualityAskedFor(): number {
  const asked = process.env[BROTLI_QUALITY_VARIABLE];
  if (asked === undefined || asked === '') return BROTLI_QUALITY.product;
  const quality = Number(asked);
  if (!Number.isInteger(quality) || quality < 0 || quality > 11) {
    throw new Error(`${BROTLI_QUALITY_VARIABLE} must be a Brotli quality from 0 to 11, not "${asked}"`);
  }
  return quality;
}

/** The server as plain JavaScript in `outDir`, started with `node <outDir>/main.js`. */
export function compileServer(outDir: string): void {
  runVite(['--config', 'vite.server.config.ts', '--outDir', outDir], path.join(outDir, 'main.js'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Hashed before building: a file saved during the build makes the next start build again.
  const inputsHash = hashBuildInputs(repoRoot);
  removeBuildStamp(repoRoot);
  const { files, bytes, brotliBytes } = buildApp(path.join(repoRoot, 'dist'), brotliQualityAskedFor());
  console.log(
    `Built the app into dist/; compressed ${files} assets: ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli.`,
  );
  compileServer(path.join(repoRoot, 'dist-server'));
  console.log('Compiled the server into dist-server/.');
  writeBuildStamp(repoRoot, inputsHash);
}
