// Fastify's logger as the reader needs it (DESIGN D32): pino's JSON lines for log collectors, or pino-pretty's
// coloured one-liners when a person reads a terminal. pino-pretty is imported only when used, so a server whose
// stdout is piped never loads it.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { sharePageUrl } from '../../contract/share-paths';
import type { Config } from '../config';

type LogFormat = NonNullable<Config['logFormat']>;

/** `LOG_FORMAT` when set; otherwise pretty for a terminal and JSON for a pipe, a file or a collector. */
const logFormatOf = (setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat =>
  setting ?? (stdoutIsTerminal ? 'pretty' : 'json');

const SHARE_TOKEN_IN_PATH = new RegExp(`^(${sharePageUrl('')})[^/?#]+`);

/** A request's URL as a log line may show it: a share link's token is a credential (its hash is all we keep). */
export const loggableUrl = (url: string): string => url.replace(SHARE_TOKEN_IN_PATH, '$1[redacted]');

/**
 * Fastify's own request serializer with the URL redacted; session tokens travel only in Cookie and Set-Cookie
 * headers, which are never logged, and are censored should anything log headers.
 */
const secretFree = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggableUrl(request.url),
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
