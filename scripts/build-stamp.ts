// Whether the build in dist/ and dist-server/ was made from the sources as they are now (DESIGN D32). The stamp
// holds a SHA-256 of every build input's path and content, written by `npm run build` after a whole build;
// `npm start` compares it with the tree and builds only when they differ. Content, not modification times:
// `git checkout`, `git stash` and copies reset mtimes without changing a byte, or change a byte in the same second.
// This module is also compiled into dist-server/ (vite.server.config.ts), so `npm start` can ask it without
// compiling TypeScript; it hashes itself among the inputs, so a stale copy of it always answers "changed".
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads: the folders and files whose change changes dist/ or dist-server/. */
export const BUILD_INPUTS = [
  'src',
  'machines',
  'contract',
  'recolour',
  'swatches',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.server.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/build-stamp.ts',
  'scripts/prerender.ts',
  'scripts/compress-dist.ts',
] as const;

/** Written last by a whole build; a build that stopped half-way leaves none. */
export const STAMP_FILE = 'dist-server/build-stamp.json';
/** The outputs `npm start` needs: without either, nothing can be served. */
const BUILD_OUTPUTS = ['dist/index.html', 'dist-server/main.js'] as const;

export type BuildStatus =
  | { current: true }
  | { current: false; reason: 'no-build' | 'sources-changed'; inputsHash: string };

interface Stamp {
  inputsHash: string;
}

/** Every file under the inputs, as sorted paths relative to `root` (a missing input is simply absent). */
function inputFiles(root: string): string[] {
  return BUILD_INPUTS.flatMap((input) => {
    const absolute = path.join(root, input);
    if (!existsSync(absolute)) return [];
    if (!statSync(absolute).isDirectory()) return [input];
    return readdirSync(absolute, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  })
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** One hash over each input file's path and bytes; a rename, an edit, an added or removed file all change it. */
export function hashBuildInputs(root: string): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    const bytes = readFileSync(path.join(root, file));
    // Lengths first, so no two different trees can concatenate to the same stream.
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

function readStamp(root: string): Stamp | undefined {
  try {
    const stamp: unknown = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8'));
    const inputsHash = (stamp as Partial<Stamp> | null)?.inputsHash;
    return typeof inputsHash === 'string' ? { inputsHash } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `root`'s build is current: a stamp, both outputs, and the inputs hashing as they did at the build. */
export function buildStatus(root: string): BuildStatus {
  const inputsHash = hashBuildInputs(root);
  const stamp = readStamp(root);
  if (!stamp || BUILD_OUTPUTS.some((output) => !existsSync(path.join(root, output))))
    return { current: false, reason: 'no-build', inputsHash };
  return stamp.inputsHash === inputsHash
    ? { current: true }
    : { current: false, reason: 'sources-changed', inputsHash };
}

/** Records that the build now in `root` was made from inputs hashing to `inputsHash` (taken before it began). */
export function writeBuildStamp(root: string, inputsHash: string): void {
  const stamp: Stamp = { inputsHash };
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}

/** Before a build starts: until it has finished, the outputs match no sources. */
export function removeBuildStamp(root: string): void {
  rmSync(path.join(root, STAMP_FILE), { force: true });
}
