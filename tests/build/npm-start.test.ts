// `npm start` on a real tree (scripts/start.mjs): in a copy of the project, the first start builds and serves;
// the next one skips the build; a changed source, and only a changed source, makes it build again.

import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_QUALITY, BROTLI_QUALITY_VARIABLE } from '../../scripts/compress-dist';
import { HEALTH_PATHS } from '../../server/ops/health-routes';
import { repoRoot } from '../../tooling/paths';
import { copyProject, type ProjectCopy } from '../../tooling/project-copy';
import { startServerProcess } from '../support/server-process';

let project: ProjectCopy;
const startScript = () => path.join(project.root, 'scripts', 'start.mjs');
const env = () => ({
  DATA_DIR: path.join(project.root, 'data'),
  MODERATION: 'rule',
  // Its build compresses as the tests' builds do (CI time, issue 35): this checks when it builds, not the sizes.
  [BROTLI_QUALITY_VARIABLE]: String(BROTLI_QUALITY.test),
});

/** Starts `npm start`'s script, checks it serves, stops it; answers everything it printed. */
async function startAndStop(): Promise<string> {
  const server = await startServerProcess([startScript()], env());
  try {
    expect((await fetch(`${server.origin}${HEALTH_PATHS.alive}`)).status).toBe(200);
  } finally {
    await server.stop();
  }
  expect(await server.exited).toBe(0);
  return server.output();
}

/** What `npm start` would do now, without doing it. */
function check(): { status: number | null; said: string } {
  const result = spawnSync(process.execPath, [startScript(), '--check-build'], { encoding: 'utf8' });
  return { status: result.status, said: result.stderr.trim() };
}

beforeAll(() => {
  project = copyProject();
});

afterAll(() => project.remove());

describe('npm start', () => {
  it('is the start script', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(manifest.scripts.start).toBe('node scripts/start.mjs');
  });

  it('builds when there is no build yet, then serves', async () => {
    expect(check()).toEqual({ status: 1, said: 'No build yet: building…' });
    const said = await startAndStop();
    expect(said).toContain('No build yet: building…');
    expect(said).toContain('Compiled the server into dist-server/.');
  }, 300_000);

  it('skips the build when nothing changed since', async () => {
    expect(check()).toEqual({ status: 0, said: 'Build is up to date: starting the server.' });
    const said = await startAndStop();
    expect(said).toContain('Build is up to date');
    expect(said).not.toContain('Compiled the server');
  }, 120_000);

  it('builds again after a source changed, not after a touch', () => {
    const source = path.join(project.root, 'server', 'ops', 'health-routes.ts');
    const original = readFileSync(source, 'utf8');
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(source, later, later);
    expect(check().status).toBe(0);
    writeFileSync(source, `${original}// changed\n`);
    expect(check()).toEqual({ status: 1, said: 'Sources changed: building…' });
    writeFileSync(source, original);
    expect(check().status).toBe(0);
  });

  it('builds again when the built app is gone', () => {
    rmSync(path.join(project.root, 'dist', 'index.html'));
    expect(check()).toEqual({ status: 1, said: 'No build yet: building…' });
  });
});
