// The app shell, security and errors of the real listening server: history fallback, caching, headers and CSP,
// the cross-site check, rate limits, JSON errors without stacks, path traversal, and the OpenAPI document.

import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../contract/accounts';
import { API_PREFIX, actionPaths, cataloguePaths } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { jobPaths } from '../../../contract/generation';
import { buildServer, ROUTE_SCHEMAS_UNUSED } from '../../../server/app';
import { NOT_BUILT_MESSAGE } from '../../../server/app-shell/app-shell';
import type { Database } from '../../../server/db/database';
import { openFreshPglite, openMigratedPglite } from '../../../tooling/fresh-pglite';
import {
  type RunningServer,
  startServer,
  temporaryDir,
  testConfig,
  writeTestDist,
} from '../../../tooling/server';

const authorizePath = `${API_PREFIX}${actionPaths.authorizeUser}`;
/** A valid user id that no session in these tests ever has. */
const NOBODY = 2_000_000_000;

let db: Database;
let server: RunningServer;
const temp = temporaryDir();

beforeAll(async () => {
  db = await openMigratedPglite();
  server = await startServer(testConfig(temp.dir, { distDir: writeTestDist(temp.dir) }), { db });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  temp.remove();
});

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(origin: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const isAppPage = (body: string) => body.includes('<div id="root"></div>') && body.includes('id="boot-data"');

describe('the app shell', () => {
  it.each(['/', '/create-kitchen/design', '/onboarding/x', '/access-denied'])(
    'serves the app with boot data for %s (history fallback), never cached',
    async (path) => {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(isAppPage(await response.text())).toBe(true);
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await fetch(`${server.origin}/assets/index-Test1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('console.log');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await fetch(`${server.origin}/assets/missing-0000.js`);
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).statusCode).toBe(404);
  });

  it('answers unknown /api paths with a JSON 404, never the page', async () => {
    for (const path of [`${API_PREFIX}/nothing/here`, '/api/v2/store', '/api']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(apiErrorSchema.parse(await response.json())).toMatchObject({
        statusCode: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  // A file beside dist/ (dist is `<temp>/dist`), so each path below names a file that really exists one level up.
  const TRAVERSAL_MARKER = 'TRAVERSAL-MARKER-5f2c';
  it.each([
    '/..%2fsecret.txt',
    '/assets/../../secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
  ])('does not let %s out of dist/', async (path) => {
    const secret = join(temp.dir, 'secret.txt');
    writeFileSync(secret, TRAVERSAL_MARKER);
    expect(readFileSync(secret, 'utf8')).toBe(TRAVERSAL_MARKER);
    const { body } = await rawGet(server.origin, path);
    expect(body).not.toContain(TRAVERSAL_MARKER);
  });

  it('says to run the build when dist/ is missing, while the API still works', async () => {
    const bare = await startServer(testConfig(temp.dir, { distDir: `${temp.dir}/absent` }), { db });
    try {
      const page = await fetch(`${bare.origin}/create-kitchen`);
      expect(page.status).toBe(503);
      expect(await page.text()).toBe(NOT_BUILT_MESSAGE);
      expect((await fetch(`${bare.origin}${API_PREFIX}/openapi.json`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('security headers', () => {
  it('puts a strict Content-Security-Policy and the other security headers on the page', async () => {
    const response = await fetch(`${server.origin}/create-kitchen/upload-image`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    expect(directives.get('img-src')).toBe("'self' data: blob:");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('puts them on API answers and errors too', async () => {
    const response = await fetch(`${server.origin}${API_PREFIX}/nothing`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('the cross-site check on state-changing requests', () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${server.origin}${authorizePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ userId: NOBODY }),
    });

  it('refuses a cross-site POST with 403 and creates no guest', async () => {
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      // Sec-Fetch-Site decides when present, whatever Origin claims.
      { 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1' },
    ];
    for (const headers of crossSite) {
      const response = await post(headers);
      expect(response.status).toBe(403);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('CROSS_SITE_REQUEST');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a cross-site multipart form post (a CORS-simple request)', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.jpg');
    const response = await fetch(`${server.origin}${API_PREFIX}${actionPaths.validateImageContent}`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      body: form,
    });
    expect(response.status).toBe(403);
  });

  it('allows same-origin requests and callers that are not browsers', async () => {
    const allowed: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: server.origin },
      {},
    ];
    for (const headers of allowed) {
      const response = await post(headers);
      // Past the check: the session's user is not NOBODY, so authorisation itself answers 403 USER_MISMATCH.
      expect(apiErrorSchema.parse(await response.json()).code).toBe('USER_MISMATCH');
    }
  });
});

describe('errors', () => {
  it('answers malformed JSON with a 400 JSON error and no stack trace', async () => {
    const response = await fetch(`${server.origin}${authorizePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userId": ',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(apiErrorSchema.parse(JSON.parse(text)).statusCode).toBe(400);
    expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|stack/);
  });

  it('answers a JSON body over 64 KB with 413', async () => {
    const response = await fetch(`${server.origin}${authorizePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: NOBODY, padding: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(apiErrorSchema.parse(await response.json()).statusCode).toBe(413);
  });

  it('answers a server failure with a generic 500 that reveals nothing', async () => {
    // A database that has gone away makes the session lookup fail inside the server.
    const closedDb = await openFreshPglite();
    await closedDb.close();
    const broken = await startServer(testConfig(temp.dir), { db: closedDb });
    try {
      const response = await fetch(`${broken.origin}${authorizePath}`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(apiErrorSchema.parse(JSON.parse(text)).message).toBe('Something went wrong on our side.');
      expect(text).not.toMatch(/PGlite|closed|\bat .+:\d+/i);
    } finally {
      await broken.close();
    }
  });
});

describe('rate limits', () => {
  it('limits state-changing requests per client, with a JSON 429, and never the reads', async () => {
    // The counters live in the database this file shares, where other tests' POSTs from 127.0.0.1 count too:
    // this client comes through a trusted local proxy, from an address of its own.
    const config = testConfig(temp.dir, {
      rateLimit: { max: 3, windowMs: 60_000 },
      trustProxy: ['127.0.0.1'],
    });
    const limited = await startServer(config, { db });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await fetch(`${limited.origin}${authorizePath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.33' },
          body: JSON.stringify({ userId: NOBODY }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(apiErrorSchema.parse(await response.json())).toMatchObject({
            statusCode: 429,
            code: 'RATE_LIMITED',
          });
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([403, 403, 403, 429, 429]);
      const reads = await Promise.all(
        Array.from({ length: 10 }, () => fetch(`${limited.origin}${API_PREFIX}/openapi.json`)),
      );
      expect(reads.map((response) => response.status)).toEqual(Array(10).fill(200));
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents every catalogue and action path that exists, generated from contract/', async () => {
    const response = await fetch(`${server.origin}${API_PREFIX}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    for (const entry of Object.values(cataloguePaths)) {
      expect(paths).toContain(`${API_PREFIX}${entry.path.replace(/:(\w+)/g, '{$1}')}`);
    }
    expect(paths).toContain(`${API_PREFIX}${actionPaths.authorizeUser}`);
    for (const path of Object.values(actionPaths)) expect(paths).toContain(`${API_PREFIX}${path}`);
    for (const path of Object.values(accountPaths)) expect(paths).toContain(`${API_PREFIX}${path}`);
    for (const path of Object.values(jobPaths)) {
      expect(paths).toContain(`${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`);
    }
    const authorize = document.paths[`${API_PREFIX}${actionPaths.authorizeUser}`]?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(authorize.requestBody.content['application/json'].schema.properties)).toEqual([
      'userId',
    ]);
  });
});

describe('route schemas', () => {
  it('refuses a Fastify schema at registration: input is parsed with zod, ajv is never loaded', async () => {
    const app = await buildServer(testConfig(temp.dir), { db });
    app.post('/with-a-schema', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(ROUTE_SCHEMAS_UNUSED);
    await app.close();
  });
});
