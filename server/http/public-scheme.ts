// Whether people reach this server over HTTPS, for the flags that depend on it (the cookies' `Secure`, HSTS).
// The operator's PUBLIC_BASE_URL decides when set (issue 24: behind a proxy that sends no X-Forwarded-Proto, the
// request itself arrives as plain HTTP); without it, the request's protocol as trusted proxies forwarded it.
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    readonly servedOverHttps: boolean;
  }
}

/** Decorates every request of `app` (and its children) with `servedOverHttps`. */
export function installPublicScheme(app: FastifyInstance, publicBaseUrl: string): void {
  const configured = publicBaseUrl ? new URL(publicBaseUrl).protocol === 'https:' : undefined;
  app.decorateRequest('servedOverHttps', {
    getter(this: FastifyRequest) {
      return configured ?? this.protocol === 'https';
    },
  });
}
