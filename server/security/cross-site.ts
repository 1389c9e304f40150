// CSRF defence: multipart forms and simple POSTs cross origins without a preflight, so state-changing
// requests from a browser must show they come from our own pages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/** The origins the app's own pages run on: this server as the request reached it, and the configured one. */
function ownOrigins(request: FastifyRequest, publicBaseUrl: string): string[] {
  const origins = [`${request.protocol}://${request.host}`];
  if (publicBaseUrl) origins.push(new URL(publicBaseUrl).origin);
  return origins;
}

export function isCrossSiteRequest(request: FastifyRequest, publicBaseUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = firstValue(request.headers['sec-fetch-site']);
  if (fetchSite !== undefined) return !TRUSTED_FETCH_SITES.has(fetchSite);
  const origin = firstValue(request.headers.origin);
  // Neither header: not a browser (browsers send one of them on every state-changing request).
  if (origin === undefined) return false;
  return !ownOrigins(request, publicBaseUrl).includes(origin);
}

/** Refuses cross-site state-changing requests with 403 before anything else runs (no guest is created). */
export function installCrossSiteCheck(app: FastifyInstance, publicBaseUrl: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (isCrossSiteRequest(request, publicBaseUrl)) {
      done(new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests may not change state.'));
      return;
    }
    done();
  });
}
