// After `vite build` (scripts/build.ts): writes a Brotli and a gzip copy beside every text asset of dist/, so the
// server sends them pre-compressed (@fastify/static `preCompressed`) instead of compressing on every request or
// not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|wasm)$/;

/**
 * Brotli's quality: the product's highest (11, the smallest files: 2.7 MB of assets in 695 KB), which costs about
 * 4.5 s of CPU a build. The tests' builds take 5 (796 KB in 0.1 s, CI time, issue 35): they check that the copies
 * are sent and decode to the asset, never their size. `npm run build` and `npm run bench` (the bundle benchmark's
 * sizes) build at the product's.
 */
export const BROTLI_QUALITY = { product: 11, test: 5 } as const;

/**
 * Set by a test that runs the build as its own process (`npm start` in a project copy) to a quality of
 * BROTLI_QUALITY; unset, the build is the product's.
 */
export const BROTLI_QUALITY_VARIABLE = 'BUILD_BROTLI_QUALITY';

/** Below this, compression saves less than the extra lookup costs. */
const MIN_BYTES = 1024;

export function compressDirectory(
  directory: string,
  brotliQuality: number = BROTLI_QUALITY.product,
): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const name of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(directory, name);
    if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += brotli.length;
  }
  return totals;
}
