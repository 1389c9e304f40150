// The server as `npm start` runs it (compiled by scripts/build.ts, started with plain node), for the benchmarks and
// the tests that start it as its own process. Compiled into a folder of its own rather than the working tree's
// dist-server/: a run then neither replaces the build `npm start` would use nor races another run compiling at the
// same time. node_modules is linked beside it, as packages stay outside the compiled server and are found from its
// files' place.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileServer } from '../scripts/build';
import { repoRoot } from './paths';

export interface CompiledServer {
  /** `node <mainJs>` starts the server. */
  mainJs: string;
  /** The folder holding main.js and its threads' entries, as dist-server/ does. */
  dir: string;
  remove(): void;
}

export function compileServerAside(): CompiledServer {
  const root = mkdtempSync(path.join(tmpdir(), 'kr-bench-server-'));
  try {
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const dir = path.join(root, 'dist-server');
    compileServer(dir);
    return {
      mainJs: path.join(dir, 'main.js'),
      dir,
      remove: () => rmSync(root, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
