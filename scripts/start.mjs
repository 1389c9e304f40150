// @ts-check
// `npm start`: serve the build, building first only when the sources changed since it was made (DESIGN D32).
// Plain JavaScript on purpose: it runs before anything is compiled, and running it through tsx would add half a
// second or more to every start. The decision is scripts/build-stamp.ts, compiled into dist-server/ with the
// server. `--check-build` only says which it would do: exit 0 when the build is current, 1 when it would build.
// The one line goes to stderr: stdout carries the server's log lines, JSON when piped.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const fromRoot = (/** @type {string} */ file) => pathToFileURL(path.join(root, file)).href;

/** @returns {Promise<import('./build-stamp').BuildStatus | { current: false, reason: 'no-build' }>} */
async function buildStatus() {
  try {
    /** @type {typeof import('./build-stamp')} */
    const stamp = await import(fromRoot('dist-server/build-stamp.js'));
    return stamp.buildStatus(root);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ERR_MODULE_NOT_FOUND')
      return { current: false, reason: 'no-build' };
    throw error;
  }
}

const status = await buildStatus();
const checkOnly = process.argv.includes('--check-build');
if (status.current) {
  console.error('Build is up to date: starting the server.');
} else {
  console.error(status.reason === 'no-build' ? 'No build yet: building…' : 'Sources changed: building…');
  if (checkOnly) process.exit(1);
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const build = spawnSync(tsx, [path.join(root, 'scripts', 'build.ts')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// In this process, not a child: signals reach the server's graceful shutdown directly, and Node starts once.
if (!checkOnly) await import(fromRoot('dist-server/main.js'));
