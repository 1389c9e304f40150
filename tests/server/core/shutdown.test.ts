// Graceful shutdown, on the server as its own process: SIGTERM lets an upload still arriving finish with its
// answer while new connections are refused, then the process exits 0; past the grace period the remaining
// connections are closed; during SHUTDOWN_DELAY_MS it serves on but reports not ready; a second signal ends it.
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { validateImageResponseSchema } from '../../../contract/images';
import { HEALTH_PATHS } from '../../../server/ops/health-routes';
import { kitchenPhoto } from '../../../tooling/made-images';
import { temporaryDir } from '../../../tooling/server';
import { compiledServerArgs, type ServerProcess, startServerProcess } from '../../support/server-process';
import { startTrickledUpload } from './trickled-upload';

const temp = temporaryDir();
const photo = await kitchenPhoto();
let server: ServerProcess | undefined;

// One data directory for the file: each process reopens it instead of creating a database (seconds each).
const start = (env: NodeJS.ProcessEnv = {}) =>
  startServerProcess(compiledServerArgs(), {
    DATA_DIR: path.join(temp.dir, 'data'),
    DIST_DIR: path.join(temp.dir, 'no-dist'),
    MODERATION: 'rule',
    ...env,
  });

afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(() => temp.remove());

/** A GET on a connection of its own: its status, or the connection error's code (ECONNREFUSED). */
function freshGet(origin: string, pathname: string): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    http
      .get(`${origin}${pathname}`, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: error.code ?? error.message, body: '' }),
      );
  });
}

/**
 * Opens new connections until one is refused. The ones before it race the closing listener (answered, or
 * accepted and reset as it closes), so only the refusal is the outcome.
 */
async function untilRefused(origin: string): Promise<void> {
  const seen: Array<number | string> = [];
  for (let attempt = 0; attempt < 500; attempt++) {
    const { status } = await freshGet(origin, HEALTH_PATHS.alive);
    if (status === 'ECONNREFUSED') return;
    seen.push(status);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`new connections were still accepted: ${seen.join(', ')}`);
}

const IN_FLIGHT_UPLOAD = /validate_image_content[^\n]*"msg":"incoming request"/;

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes an upload whose body is still arriving, refuses new connections, then exits 0', async () => {
    server = await start();
    const upload = startTrickledUpload(server.origin, photo);
    upload.send(1024);
    await server.waitForOutput(IN_FLIGHT_UPLOAD);
    let answered = false;
    void upload.outcome.then(() => {
      answered = true;
    });

    server.child.kill('SIGTERM');
    await server.waitForOutput(/"msg":"shutting down"/);
    await untilRefused(server.origin);
    // Refused while the upload was still open: the listener closed first, the request was not dropped.
    expect(answered).toBe(false);

    upload.send();
    const outcome = await upload.outcome;
    expect(outcome.status).toBe(200);
    const verdict = validateImageResponseSchema.parse(JSON.parse('body' in outcome ? outcome.body : ''));
    expect(verdict.isSafe).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    // The answered request's connection closed with it: nothing waited for the grace period.
    expect(server.output()).not.toContain('grace period over');
  }, 60_000);

  it('closes a request still unfinished after SHUTDOWN_GRACE_MS and exits 0', async () => {
    server = await start({ SHUTDOWN_GRACE_MS: '300' });
    const upload = startTrickledUpload(server.origin, photo);
    upload.send(1024);
    await server.waitForOutput(IN_FLIGHT_UPLOAD);

    server.child.kill('SIGTERM');
    const outcome = await upload.outcome;
    expect(outcome.status).toBe('closed');
    expect(upload.sentBytes).toBeLessThan(upload.totalBytes);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('grace period over');
  }, 60_000);

  it('serves on but answers /readyz 503 during SHUTDOWN_DELAY_MS; a second signal exits at once', async () => {
    // Far longer than the test may take: only the second signal can end this process in time.
    server = await start({ SHUTDOWN_DELAY_MS: '600000' });
    expect((await freshGet(server.origin, HEALTH_PATHS.ready)).status).toBe(200);

    server.child.kill('SIGTERM');
    await server.waitForOutput(/"msg":"shutting down"/);
    const ready = await freshGet(server.origin, HEALTH_PATHS.ready);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect((await freshGet(server.origin, HEALTH_PATHS.alive)).status).toBe(200);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(130);
    expect(server.output()).toContain('second signal: exiting at once');
  }, 60_000);
});
