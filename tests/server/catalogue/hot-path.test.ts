// The catalogue's hot path as a caller sees it: a catalogue read in the whole server carries every security
// header and its ETag, but no rate limit or session cookie, while rate limits and cross-site checks stay on the
// writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths, cataloguePaths } from '../../../contract/endpoints';
import { API_CONTENT_SECURITY_POLICY } from '../../../server/security/headers';
import { type RunningServer, startServer, temporaryDir, testConfig } from '../../../tooling/server';
import { catalogueUrl } from './catalogue-app';

const finishesUrl = (query: Record<string, string>) => catalogueUrl(cataloguePaths.finishes.path, query);

describe('a catalogue read in the whole server', () => {
  let server: RunningServer;
  const temp = temporaryDir();
  beforeAll(async () => {
    server = await startServer(testConfig(temp.dir, { rateLimit: { max: 50, windowMs: 60_000 } }));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    temp.remove();
  });

  const expectSecurityHeaders = (response: Response) => {
    expect(response.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  };

  it('carries the security headers and its ETag, on 200 and 304 alike, and no rate limit or cookie', async () => {
    const url = `${server.origin}${finishesUrl({ door_style_group: 'Shaker', is_handleless: 'false' })}`;
    for (let read = 0; read < 3; read += 1) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const etag = (await fetch(url)).headers.get('etag') ?? '';
    const revalidated = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expectSecurityHeaders(revalidated);
    expect(revalidated.headers.get('etag')).toBe(etag);
  });

  it('leaves state-changing routes rate limited and checked for cross-site requests', async () => {
    const authorize = (headers: Record<string, string>) =>
      fetch(`${server.origin}${API_PREFIX}${actionPaths.authorizeUser}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ userId: 2_000_000_000 }),
      });
    const counted = await authorize({});
    expect(counted.headers.get('x-ratelimit-limit')).toBe('50');
    expectSecurityHeaders(counted);
    const crossSite = await authorize({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expectSecurityHeaders(crossSite);
  });
});
