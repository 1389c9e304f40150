// The server as its own process (`node --import tsx server/main.ts`), the way a second instance really runs:
// its own event loop, its own connections, and a process a test can SIGKILL mid-job.
import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '../../support/paths';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  pid: number;
  /** Everything it logged, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is handed back. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown main.ts installs. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess, signal: NodeJS.Signals): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** Starts the server with `env` (PORT 0, info logs, the rule moderator unless given) and waits until it listens. */
export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      MODERATION: 'rule',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (origin && child.pid !== undefined) {
        resolve({
          origin,
          pid: child.pid,
          output: () => output,
          kill: () => exited(child, 'SIGKILL'),
          stop: () => exited(child, 'SIGTERM'),
        });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
}
