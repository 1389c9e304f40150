// The HTTP server's timeouts, so a client that trickles a body, stalls in its headers or holds an idle
// connection cannot keep a socket (and the memory behind it) for ever.
import type { ServerOptions } from 'node:http';
import type { ServerTimeouts } from '../config';

/**
 * Node checks for expired requests on an interval (30 s by default), so a short timeout would be enforced up to
 * 30 s late; checking every second costs a walk over the open connections.
 */
const LONGEST_CHECK_INTERVAL_MS = 1_000;

export function serverTimeoutOptions({ requestMs, headersMs, keepAliveMs }: ServerTimeouts): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  // Node refuses a headers timeout above the request timeout.
  const headersTimeout = Math.min(headersMs, requestMs);
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.min(LONGEST_CHECK_INTERVAL_MS, Math.ceil(headersTimeout / 4)),
    },
  };
}
