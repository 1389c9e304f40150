// What an operator sees when the server starts (DESIGN D32): piped, only the server's own pino JSON lines (no
// banner from nsfwjs, tfjs or anything else, the nsfw model loaded and used); on a terminal, pino-pretty's lines;
// LOG_FORMAT overrides either way. The terminal is a real pseudo-terminal (util-linux `script`).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../../contract/endpoints';
import { repoRoot } from '../../../tooling/paths';
import { temporaryDir } from '../../../tooling/server';
import { compiledServerArgs, spawnServer } from '../../support/server-process';
import { GenerationClient } from '../generation/generation-client';
import { photoForm } from '../images/multipart-body';

const temp = temporaryDir('kr-log-output-');
// One data directory for every start: creating it is most of a first start.
const env = (more: NodeJS.ProcessEnv = {}) => ({ DATA_DIR: path.join(temp.dir, 'data'), ...more });
afterAll(() => temp.remove());

const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:\d+/;
// A pretty line: `[HH:MM:ss.mmm] LEVEL (...)?: message`.
const PRETTY_LINE = /^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN|ERROR|FATAL|DEBUG|TRACE)\b.*?: /;

const linesOf = (output: string) =>
  stripVTControlCharacters(output)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');

/** Each line parsed as one of pino's JSON records, or the line itself when it is not one. */
const asLogRecord = (line: string): unknown => {
  try {
    const record: unknown = JSON.parse(line);
    return typeof record === 'object' && record !== null && 'level' in record && 'msg' in record
      ? 'record'
      : line;
  } catch {
    return line;
  }
};

/**
 * The server under `script`, so its stdout is a terminal; resolves once it listens, with what it printed until
 * then (`script`'s own goodbye on the way out is not the server's).
 */
async function startOnTerminal(moreEnv: NodeJS.ProcessEnv = {}): Promise<string> {
  const command = [process.execPath, ...compiledServerArgs()].map((part) => `'${part}'`).join(' ');
  const child: ChildProcess = spawn(
    'script',
    ['--quiet', '--flush', '--return', '--command', command, '/dev/null'],
    {
      cwd: repoRoot,
      // Its own process group, so the server under the pseudo-terminal stops with it.
      detached: true,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', MODERATION: 'rule', ...env(moreEnv) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    return await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (LISTENING.test(stripVTControlCharacters(output))) resolve(output);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
    });
  } finally {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await exited;
  }
}

describe('log output at start', () => {
  it('piped: only the server JSON lines, with the nsfw model loaded and used', async () => {
    const server = await spawnServer(env({ MODERATION: 'nsfw' }));
    try {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ddd' } })
        .jpeg()
        .toBuffer();
      const { payload, headers } = photoForm(jpeg);
      const answer = await new GenerationClient(server.origin).request(
        `${API_PREFIX}${actionPaths.validateImageContent}`,
        { method: 'POST', body: payload, headers },
      );
      expect(answer.status).toBe(200);
    } finally {
      await server.stop();
    }
    const lines = linesOf(server.output());
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.filter((line) => asLogRecord(line) !== 'record')).toEqual([]);
  }, 120_000);

  it('piped with LOG_FORMAT=pretty: pretty lines', async () => {
    const server = await spawnServer(env({ LOG_FORMAT: 'pretty' }));
    await server.stop();
    const lines = linesOf(server.output());
    expect(lines.find((line) => LISTENING.test(line))).toMatch(PRETTY_LINE);
    expect(lines.filter((line) => asLogRecord(line) === 'record')).toEqual([]);
  }, 60_000);

  it('on a terminal: pretty lines, no JSON', async () => {
    const lines = linesOf(await startOnTerminal());
    expect(lines.find((line) => LISTENING.test(line))).toMatch(PRETTY_LINE);
    expect(lines.filter((line) => asLogRecord(line) === 'record')).toEqual([]);
  }, 60_000);

  it('on a terminal with LOG_FORMAT=json: JSON lines only', async () => {
    const lines = linesOf(await startOnTerminal({ LOG_FORMAT: 'json' }));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => asLogRecord(line) !== 'record')).toEqual([]);
  }, 60_000);
});
