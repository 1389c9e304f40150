// After `vite build` (scripts/build.ts): writes a Brotli and a gzip copy beside every text asset of dist/, so the
// server sends them pre-compressed (@fastify/static `preCompressed`) instead of compressing on every request or
// not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|wasm)$/;
/** Below this, compression saves less than the extra lookup costs. */
const MIN_BYTES = 1024;

export function compressDirectory(directory: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const name of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(directory, name);
    if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += brotli.length;
  }
  return totals;
}
