import type { FastifyInstance } from 'fastify';
import '../http/public-scheme';

/**
 * The app's Content-Security-Policy: only our own scripts (WASM compilation is allowed for the in-browser HEIC
 * decoder; no eval, no inline script), images also from data: and blob: URLs (photo previews), no plugins,
 * no framing. The boot data is a JSON script element, which browsers never execute.
 */
export function contentSecurityPolicy(apiOrigin?: string): string {
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self' 'wasm-unsafe-eval'",
    'style-src': "'self'",
    'img-src': "'self' data: blob:",
    'font-src': "'self'",
    'connect-src': apiOrigin ? `'self' ${apiOrigin}` : "'self'",
    'worker-src': "'self' blob:",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

// Every path under /api/ (not only the current version's) gets the API's headers, its 404s included.
const API_PATHS = '/api/';

/** API answers are data, never documents: they may load nothing and be framed by no one. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every response: the app's strict policy on pages and assets, a deny-all policy on the
 * API. Decided by path, before the route runs, so errors and 404s carry them too.
 */
export function installSecurityHeaders(app: FastifyInstance, publicBaseUrl: string): void {
  const apiOrigin = publicBaseUrl ? new URL(publicBaseUrl).origin : undefined;
  const common = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  const forApi = { ...common, 'content-security-policy': API_CONTENT_SECURITY_POLICY };
  const forApp = {
    ...common,
    'content-security-policy': contentSecurityPolicy(apiOrigin),
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  };
  // A callback hook: it does no asynchronous work, and an async hook costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PATHS) ? forApi : forApp);
    if (request.servedOverHttps) reply.header('strict-transport-security', 'max-age=31536000');
    done();
  });
}
