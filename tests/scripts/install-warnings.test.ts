// What `npm ci` prints (issue 34, point 11): every dependency's install script is decided in package.json's
// `allowScripts` (npm 11 lists any undecided one as a warning), and the one warning left, nsfwjs's EBADENGINE, is
// the one the README explains. A new dependency with an install script, or an nsfwjs that drops its pin, fails
// here and says what to change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../tooling/paths';

interface LockedPackage {
  version?: string;
  hasInstallScript?: boolean;
  engines?: { node?: string };
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
const locked = (readJson('package-lock.json') as { packages: Record<string, LockedPackage> }).packages;
const manifest = readJson('package.json') as { allowScripts?: Record<string, boolean> };
const nameOf = (lockPath: string) =>
  lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('npm ci’s warnings', () => {
  it('finds every install script decided in allowScripts', () => {
    const withScripts = Object.entries(locked)
      .filter(([lockPath, entry]) => lockPath !== '' && entry.hasInstallScript)
      .map(([lockPath]) => nameOf(lockPath));
    const undecided = withScripts.filter((name) => manifest.allowScripts?.[name] === undefined);
    expect(undecided, 'decide each in package.json allowScripts (README "Installing")').toEqual([]);
  });

  it('has nsfwjs still pinning Node 22.13.0 exactly, as the README says', () => {
    expect(locked['node_modules/nsfwjs']?.engines?.node, 'drop the README note on EBADENGINE').toBe(
      '22.13.0',
    );
  });
});
