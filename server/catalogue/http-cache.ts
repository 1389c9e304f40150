import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A response body prepared once (serialised, hashed) and sent many times, with conditional-request support.

export interface PreparedBody {
  body: string | Buffer;
  etag: string;
}

export function prepareBody(body: string | Buffer): PreparedBody {
  const digest = createHash('sha1').update(body).digest('base64url');
  return { body, etag: `"${digest}"` };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as RFC 9110 asks for GET). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
  headers: { contentType: string; cacheControl: string },
): FastifyReply {
  reply.header('etag', prepared.etag).header('cache-control', headers.cacheControl);
  if (isNotModified(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  return reply.type(headers.contentType).send(prepared.body);
}
