// Who the passkeys are for (the WebAuthn relying party): the configured public address, or for loopback
// development the address the request reached. A Host header is never trusted otherwise (D34): a proxy that
// forwarded evil.example as Host must not get passkeys made or accepted for evil.example.
import type { FastifyRequest } from 'fastify';
import { PASSKEY_ERROR_CODES } from '../../contract/accounts';
import { HttpError } from '../http/errors';

export const RELYING_PARTY_NAME = 'Kitchen Reimagined';

export interface RelyingParty {
  /** The registrable domain passkeys are scoped to (no port). */
  id: string;
  /** The exact origin the browser's clientData must name. */
  origin: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const unavailable = () =>
  new HttpError(
    503,
    PASSKEY_ERROR_CODES.unavailable,
    'Passkeys need PUBLIC_BASE_URL to be configured on this server.',
  );

/** The relying party a ceremony on `request` uses; 503 when neither config nor a loopback address names one. */
export function relyingPartyFor(request: FastifyRequest, publicBaseUrl: string): RelyingParty {
  if (publicBaseUrl) {
    const url = new URL(publicBaseUrl);
    return { id: url.hostname, origin: url.origin };
  }
  // Both the Host and the peer must be loopback: a forged Host from elsewhere cannot pass the second.
  const peer = request.socket.remoteAddress ?? '';
  const fromLoopback = peer === '::1' || peer.startsWith('127.') || peer === '::ffff:127.0.0.1';
  if (!fromLoopback || !LOOPBACK_HOSTS.has(request.hostname)) throw unavailable();
  return { id: request.hostname.replace(/^\[|\]$/g, ''), origin: `${request.protocol}://${request.host}` };
}
