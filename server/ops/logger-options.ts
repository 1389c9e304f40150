// Fastify's logger as the reader needs it (DESIGN D32): pino's JSON lines for log collectors, or pino-pretty's
// coloured one-liners when a person reads a terminal. pino-pretty is imported only when used, so a server whose
// stdout is piped never loads it.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

type LogFormat = NonNullable<Config['logFormat']>;

/** `LOG_FORMAT` when set; otherwise pretty for a terminal and JSON for a pipe, a file or a collector. */
const logFormatOf = (setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat =>
  setting ?? (stdoutIsTerminal ? 'pretty' : 'json');

/** A route parameter of this name is a credential: the share pages' token (contract/share-paths.ts). */
const SECRET_PARAM = ':token';
const REDACTED = '[redacted]';
/** How often a segment is percent-decoded: `%2573` is `%73` is `s`. */
const DECODINGS = 3;

/** `text` percent-decoded until it no longer changes (or would not decode). */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < DECODINGS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** An absolute-form target (`http://host/path?query`) as its origin-form (`/path?query`). */
const originForm = (target: string): string => target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '') || '/';

/**
 * A request's URL as a log line may show it: a share link's token is a credential (its hash is all we keep). A
 * request a share route serves is its route with the token redacted (issue 34, point 6: `/%73hare/<token>` and
 * `GET http://host/share/<token>` reach that route too); any other has its path decoded and every segment after
 * one that spells "share" redacted, whatever its case or encoding.
 */
export function loggableUrl(url: string, routePattern?: string): string {
  if (routePattern?.split('/').includes(SECRET_PARAM)) return routePattern.replace(SECRET_PARAM, REDACTED);
  const target = originForm(url);
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const segments = decoded(path).split('/');
  const redacted = segments.map((segment, at) =>
    at > 0 && segments[at - 1]?.toLowerCase() === 'share' ? REDACTED : segment,
  );
  return redacted.join('/') + (queryAt < 0 ? '' : target.slice(queryAt));
}

/**
 * Fastify's own request serializer with the URL redacted; session tokens travel only in Cookie and Set-Cookie
 * headers, which are never logged, and are censored should anything log headers.
 */
const secretFree = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggableUrl(request.url, request.routeOptions?.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  redact: {
    paths: ['req.headers.cookie', 'res.headers["set-cookie"]', 'headers.cookie'],
    censor: '[redacted]',
  },
};

/** Where log lines go instead of stdout, as JSON (tests read the lines a request or a job wrote). */
export interface LogDestination {
  write(line: string): void;
}

export async function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdoutIsTerminal = process.stdout.isTTY === true,
  destination?: LogDestination,
): Promise<FastifyServerOptions['logger']> {
  if (config.logLevel === 'silent') return false;
  if (destination) return { level: config.logLevel, ...secretFree, stream: destination };
  if (logFormatOf(config.logFormat, stdoutIsTerminal) === 'json')
    return { level: config.logLevel, ...secretFree };
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    ...secretFree,
    // Synchronous: the last lines before an exit ("stopped", a fatal error) must reach the terminal.
    stream: pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
  };
}
