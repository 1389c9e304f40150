// Server timeouts on the real server: an upload trickled a byte at a time and headers that never end are cut
// off after the configured (short, here) time while other requests are served meanwhile; the variables that
// set them.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SHUTDOWN_GRACE_MS, DEFAULT_TIMEOUTS, loadConfig } from '../../../server/config';
import { HEALTH_PATHS } from '../../../server/ops/health-routes';
import { kitchenPhoto } from '../../../tooling/made-images';
import { temporaryDir } from '../../../tooling/server';
import { type MemoryServer, startMemoryServer } from '../../support/memory-server';
import { startTrickledUpload } from './trickled-upload';

const TIMEOUTS = { requestMs: 2_500, headersMs: 1_000, keepAliveMs: 5_000 };
const TRICKLE_EVERY_MS = 20;

let server: MemoryServer;
const temp = temporaryDir();

beforeAll(async () => {
  server = await startMemoryServer({ timeouts: TIMEOUTS });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  temp.remove();
});

/** Sends `count` sequential probes to /healthz and answers their statuses. */
async function probesMeanwhile(count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    statuses.push((await fetch(`${server.origin}${HEALTH_PATHS.alive}`)).status);
  }
  return statuses;
}

/** Opens a raw connection, sends a request line and one header that then grows by a byte at a time. */
function trickledHeaders(origin: string): Promise<{ answer: string; bytesSent: number }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let bytesSent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('a', () => bytesSent++);
    }, TRICKLE_EVERY_MS);
    socket.write(`GET ${HEALTH_PATHS.alive} HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: `);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.once('close', () => {
      clearInterval(trickle);
      resolve({ answer, bytesSent });
    });
  });
}

describe('request timeouts', () => {
  it('cuts off a multipart upload trickled a byte at a time, serving other requests meanwhile', async () => {
    const upload = startTrickledUpload(server.origin, await kitchenPhoto());
    const trickle = setInterval(() => upload.send(1), TRICKLE_EVERY_MS);
    let cutOff = false;
    void upload.outcome.then(() => {
      cutOff = true;
      clearInterval(trickle);
    });

    expect(await probesMeanwhile(5)).toEqual([200, 200, 200, 200, 200]);
    expect(cutOff).toBe(false);

    const outcome = await upload.outcome;
    // Node answers 408 when it can, or closes the connection.
    expect([408, 'closed']).toContain(outcome.status);
    expect(upload.sentBytes).toBeLessThan(upload.totalBytes);
    expect(await probesMeanwhile(1)).toEqual([200]);
  });

  it('cuts off headers that never end (slowloris)', async () => {
    const [headers, meanwhile] = await Promise.all([trickledHeaders(server.origin), probesMeanwhile(5)]);
    expect(meanwhile).toEqual([200, 200, 200, 200, 200]);
    expect(headers.answer === '' || headers.answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(headers.bytesSent).toBeGreaterThan(0);
  });

  it('configures the HTTP server with the timeouts, the headers one never above the request one', () => {
    expect(server.app.server.requestTimeout).toBe(TIMEOUTS.requestMs);
    expect(server.app.server.headersTimeout).toBe(TIMEOUTS.headersMs);
    expect(server.app.server.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
  });
});

describe('timeout and shutdown variables', () => {
  it('default to two minutes per request and ten seconds of grace', () => {
    const config = loadConfig({ DATA_DIR: temp.dir });
    expect(config.timeouts).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS.requestMs).toBe(120_000);
    expect(config.shutdownGraceMs).toBe(DEFAULT_SHUTDOWN_GRACE_MS);
    expect(config.shutdownDelayMs).toBe(0);
  });

  it('are read from the environment and refused when not positive whole milliseconds', () => {
    const config = loadConfig({
      DATA_DIR: temp.dir,
      REQUEST_TIMEOUT_MS: '30000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      SHUTDOWN_GRACE_MS: '2000',
      SHUTDOWN_DELAY_MS: '15000',
    });
    expect(config.timeouts).toEqual({ requestMs: 30_000, headersMs: 5_000, keepAliveMs: 65_000 });
    expect(config).toMatchObject({ shutdownGraceMs: 2_000, shutdownDelayMs: 15_000 });
    for (const [name, value] of [
      ['REQUEST_TIMEOUT_MS', '0'],
      ['HEADERS_TIMEOUT_MS', '1.5'],
      ['SHUTDOWN_GRACE_MS', 'ten'],
      ['SHUTDOWN_DELAY_MS', '-1'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: temp.dir, [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: temp.dir, [name]: value })).toThrow(name);
    }
  });
});
