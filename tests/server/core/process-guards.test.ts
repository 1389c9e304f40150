// Errors no code caught, in the server as its own process: an unhandled rejection is logged and the server
// keeps answering; an uncaught exception is logged as fatal and the process exits non-zero.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEALTH_PATHS } from '../../../server/ops/health-routes';
import { temporaryDir } from '../../../tooling/server';
import { compiledServerArgs, startServerProcess } from '../../support/server-process';

const temp = temporaryDir();
afterAll(() => temp.remove());

const FAULTS = compiledServerArgs('./tests/server/core/inject-faults.ts');

/** Pino's JSON line with this message, parsed. */
function logLine(output: string, message: string): Record<string, unknown> {
  const line = output.split('\n').find((candidate) => candidate.includes(`"msg":"${message}"`));
  if (!line) throw new Error(`no "${message}" in the log:\n${output}`);
  return JSON.parse(line) as Record<string, unknown>;
}

describe('process guards', () => {
  it('log an unhandled rejection and keep serving; exit 1 on an uncaught exception', async () => {
    const server = await startServerProcess(FAULTS, {
      DATA_DIR: path.join(temp.dir, 'data'),
      DIST_DIR: path.join(temp.dir, 'no-dist'),
      MODERATION: 'rule',
    });
    try {
      server.child.kill('SIGUSR2');
      await server.waitForOutput(/"msg":"unhandled promise rejection"/);
      const rejection = logLine(server.output(), 'unhandled promise rejection');
      expect(rejection).toMatchObject({ level: 50, err: { message: 'deliberate unhandled rejection' } });
      expect((await fetch(`${server.origin}${HEALTH_PATHS.ready}`)).status).toBe(200);
      // Probes are not logged per request, even at the default level.
      expect(server.output()).not.toContain(`"url":"${HEALTH_PATHS.ready}"`);

      server.child.kill('SIGHUP');
      expect(await server.exited).toBe(1);
      const exception = logLine(server.output(), 'uncaught exception: exiting');
      expect(exception).toMatchObject({ level: 60, err: { message: 'deliberate uncaught exception' } });
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);
});
