// Who the passkeys are for (the WebAuthn relying party): the configured public address, or for loopback
// development `localhost`. A Host header is never trusted otherwise (D34): a proxy that forwarded evil.example as
// Host must not get passkeys made or accepted for evil.example. Browsers refuse an IP address as relying party,
// so a loopback IP is told where passkeys do work (issue 24), as the start line announces.
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

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/** The address to open for local development: passkeys need a name, and `localhost` is the loopback one. */
export const localAddress = (port: number | string) => `http://localhost:${port}`;

/** The address to announce at start: the configured public one, or `localhost` on the port listened on. */
export const announcedAddress = (publicBaseUrl: string, port: number) =>
  publicBaseUrl ? new URL(publicBaseUrl).origin : localAddress(port);

const namedAddressNeeded = (request: FastifyRequest) =>
  new HttpError(
    503,
    PASSKEY_ERROR_CODES.unavailable,
    `Passkeys cannot work at ${request.host}: browsers keep them only for a named address. ` +
      `Open ${localAddress(request.port ?? '')} to save or use your kitchens.`,
  );

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
  if (!fromLoopback) throw unavailable();
  if (LOOPBACK_IPS.has(request.hostname)) throw namedAddressNeeded(request);
  if (request.hostname !== 'localhost') throw unavailable();
  return { id: request.hostname, origin: `${request.protocol}://${request.host}` };
}
