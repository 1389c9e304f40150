// A copy of the project's build inputs and scripts in a temporary folder, with node_modules linked, so `npm start`
// and `npm run build` can run there, and its sources be changed, without touching the working tree.
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { BUILD_INPUTS } from '../scripts/build-stamp';
import { repoRoot } from './paths';
import { temporaryDir } from './server';

export interface ProjectCopy {
  root: string;
  remove(): void;
}

export function copyProject(): ProjectCopy {
  const copy = temporaryDir('kr-project-copy-');
  for (const entry of [...BUILD_INPUTS, 'scripts', 'package.json']) {
    const from = path.join(repoRoot, entry);
    if (existsSync(from)) cpSync(from, path.join(copy.dir, entry), { recursive: true });
  }
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy.dir, 'node_modules'), 'dir');
  return { root: copy.dir, remove: copy.remove };
}
