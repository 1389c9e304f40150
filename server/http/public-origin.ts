// The origin to put in links a request's answer hands out (share links, Open Graph URLs). An operator's
// PUBLIC_BASE_URL wins: the Host header is the caller's to write, and links should name one canonical address
// whichever host name or instance a request came through. Without it (development, tests), the request's own
// origin, as trusted proxies forwarded it.
import type { FastifyRequest } from 'fastify';

export function publicOrigin(request: FastifyRequest, publicBaseUrl: string): string {
  if (publicBaseUrl) return new URL(publicBaseUrl).origin;
  return `${request.protocol}://${request.host}`;
}
