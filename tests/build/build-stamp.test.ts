// When `npm start` may skip the build (scripts/build-stamp.ts): a small tree of build inputs in a temporary
// folder, stamped as a finished build stamps it, then edited the ways a working tree changes.
import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStatus, hashBuildInputs, STAMP_FILE, writeBuildStamp } from '../../scripts/build-stamp';
import { temporaryDir } from '../../tooling/server';

let root: string;
let remove: () => void;

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

/** What `npm run build` leaves: both outputs, and the stamp of the inputs it was built from. */
const build = () => {
  write('dist/index.html', '<!doctype html>');
  write('dist-server/main.js', 'export {};');
  writeBuildStamp(root, hashBuildInputs(root));
};

beforeEach(() => {
  ({ dir: root, remove } = temporaryDir('kr-build-stamp-'));
  write('src/main.tsx', 'export const app = 1;\n');
  write('src/screens/home/Home.tsx', 'export const Home = () => null;\n');
  write('server/main.ts', 'export const server = 1;\n');
  write('contract/endpoints.ts', 'export const API_PREFIX = "/api/v1";\n');
  write('index.html', '<!doctype html>');
  write('package-lock.json', '{}');
  build();
});

afterEach(() => remove());

describe('buildStatus', () => {
  it('is current right after a build', () => {
    expect(buildStatus(root)).toEqual({ current: true });
  });

  it('is stale when a source changes, and current again when the change is undone', () => {
    write('src/screens/home/Home.tsx', 'export const Home = () => "changed";\n');
    expect(buildStatus(root)).toMatchObject({ current: false, reason: 'sources-changed' });
    write('src/screens/home/Home.tsx', 'export const Home = () => null;\n');
    expect(buildStatus(root)).toEqual({ current: true });
  });

  it.each([
    ['a file added', () => write('machines/kitchen/new-step.ts', 'export {};\n')],
    ['a file removed', () => rmSync(path.join(root, 'server/main.ts'))],
    ['a file renamed', () => renameSync(path.join(root, 'src/main.tsx'), path.join(root, 'src/index.tsx'))],
    ['the lockfile changed', () => write('package-lock.json', '{"lockfileVersion":3}')],
    ['a build config appeared', () => write('vite.config.ts', 'export default {};\n')],
  ])('is stale after %s', (_change, change) => {
    change();
    expect(buildStatus(root)).toMatchObject({ current: false, reason: 'sources-changed' });
  });

  it('stays current when only modification times change (a checkout, a stash, a copy)', () => {
    const later = new Date(Date.now() + 3_600_000);
    for (const file of ['src/main.tsx', 'server/main.ts', 'index.html'])
      utimesSync(path.join(root, file), later, later);
    expect(buildStatus(root)).toEqual({ current: true });
  });

  it('stays current when files the build does not read change', () => {
    write('tests/app/new.test.ts', 'export {};\n');
    write('docs/notes.md', '# notes\n');
    write('data/pgdata/PG_VERSION', '17\n');
    expect(buildStatus(root)).toEqual({ current: true });
  });

  it.each([
    ['no stamp', STAMP_FILE],
    ['no built app', 'dist/index.html'],
    ['no compiled server', 'dist-server/main.js'],
  ])('is stale with %s, whatever the sources', (_missing, file) => {
    rmSync(path.join(root, file));
    expect(buildStatus(root)).toMatchObject({ current: false, reason: 'no-build' });
  });

  it('is stale when the stamp is not one a build wrote', () => {
    write(STAMP_FILE, 'not json');
    expect(buildStatus(root)).toMatchObject({ current: false, reason: 'no-build' });
    write(STAMP_FILE, '{"inputs":"abc"}');
    expect(buildStatus(root)).toMatchObject({ current: false, reason: 'no-build' });
  });

  it('tells apart trees whose files concatenate to the same bytes', () => {
    const before = hashBuildInputs(root);
    write('src/main.tsx', 'export const app = 1;\nexport const Home = () => null;\n');
    write('src/screens/home/Home.tsx', '');
    expect(hashBuildInputs(root)).not.toBe(before);
  });
});
