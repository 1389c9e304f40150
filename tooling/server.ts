// Starts the real server on a loopback port for tests, with a config made for tests: silent logs, the
// deterministic moderation rule, a temporary data directory and, unless a test says otherwise, a shared
// in-memory PGlite (creating one costs seconds, so each test file opens one and reuses it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer, type ServerParts } from '../server/app';
import type { Config } from '../server/config';
import type { Database } from '../server/db/database';
import { openMigratedPglite, seedUnlessPresent } from './fresh-pglite';

export function temporaryDir(prefix = 'kr-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    distDir: path.join(dataDir, 'no-dist'),
    generationLimit: 5,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    serviceApiKey: undefined,
    publicBaseUrl: '',
    moderation: 'rule',
    rateLimit: { max: 1000, windowMs: 60_000 },
    trustProxy: false,
    // Off unless a test is about it: a test file's many guests all come from 127.0.0.1.
    generationNetworkDailyLimit: 0,
    generationDailyBudget: null,
    logLevel: 'silent',
    ...overrides,
  };
}

/** A minimal built app: index.html and one hashed asset, shaped like `vite build` output. */
export function writeTestDist(parentDir: string): string {
  const distDir = path.join(parentDir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Kitchen Reimagined</title>' +
      '<script type="module" crossorigin src="/assets/index-Test1234.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(distDir, 'assets', 'index-Test1234.js'), 'console.log("app");\n');
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return distDir;
}

export interface RunningServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/**
 * The server on `config`, with `parts` given. One that would open PGlite on disk finds a migrated database in its
 * data directory (seedUnlessPresent), as on any start after a server's first.
 */
export async function startServer(config: Config, parts: ServerParts = {}): Promise<RunningServer> {
  if (!parts.db && !config.databaseUrl) await seedUnlessPresent(config.dataDir);
  const app = await buildServer(config, parts);
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin, close: () => app.close() };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie request header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export interface ServerOnPglite {
  readonly db: Database;
  readonly server: RunningServer;
  /** The data directory the server uses; another server started on it finds the same photos. */
  readonly dataDir: string;
}

/**
 * One in-memory PGlite and one server on it for the calling test file, started before its tests and closed
 * after them. Read the fields inside tests (they are set in beforeAll).
 */
export function serverOnPgliteForFile(overrides: Partial<Config>): ServerOnPglite {
  const temp = temporaryDir();
  const state = { dataDir: temp.dir } as { db: Database; server: RunningServer; dataDir: string };
  beforeAll(async () => {
    state.db = await openMigratedPglite();
    state.server = await startServer(testConfig(temp.dir, overrides), { db: state.db });
  }, 60_000);
  afterAll(async () => {
    await state.server?.close();
    await state.db?.close();
    temp.remove();
  });
  return state;
}
