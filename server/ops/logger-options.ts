// Fastify's logger as the reader needs it (DESIGN D32): pino's JSON lines for log collectors, or pino-pretty's
// coloured one-liners when a person reads a terminal. pino-pretty is imported only when used, so a server whose
// stdout is piped never loads it.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

type LogFormat = NonNullable<Config['logFormat']>;

/** `LOG_FORMAT` when set; otherwise pretty for a terminal and JSON for a pipe, a file or a collector. */
const logFormatOf = (setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat =>
  setting ?? (stdoutIsTerminal ? 'pretty' : 'json');

export async function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdoutIsTerminal = process.stdout.isTTY === true,
): Promise<FastifyServerOptions['logger']> {
  if (config.logLevel === 'silent') return false;
  if (logFormatOf(config.logFormat, stdoutIsTerminal) === 'json') return { level: config.logLevel };
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    // Synchronous: the last lines before an exit ("stopped", a fatal error) must reach the terminal.
    stream: pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
  };
}
