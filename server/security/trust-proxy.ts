// TRUST_PROXY as Fastify's `trustProxy` option. Fastify (5.12+) treats a bare number as "trust nothing", so a
// hop count becomes proxy-addr's own rule: the socket peer and the hops behind it, up to `n`, are proxies; the
// next address leftwards in X-Forwarded-For is the client. Anything the client wrote further left is ignored.
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  // `hop` counts from the socket peer (0) outwards through X-Forwarded-For, right to left.
  return (_address: string, hop: number) => hop < hops;
}
