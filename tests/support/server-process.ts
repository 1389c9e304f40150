// The server as its own process, as an operator runs it: for what only a process shows (signals, exit codes,
// process-wide error handlers, a second instance with its own event loop, a SIGKILL mid-job). Its pino log lines
// are collected so tests can wait for one.
import { type ChildProcess, spawn } from 'node:child_process';
import { inject } from 'vitest';
import { seedUnlessPresent } from '../../tooling/fresh-pglite';
import { repoRoot } from '../../tooling/paths';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves once the output matches `pattern` (it may already). */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook runs, nothing is handed back. Resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown main.ts installs. Resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `node <args>` in the project and waits for pino's "Server listening at …" line. */
export async function startServerProcess(args: string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      void exited.then((code) => {
        if (!waiters.has(check)) return;
        waiters.delete(check);
        reject(new Error(`the server exited (${code}) before printing ${pattern}:\n${output}`));
      });
      check();
    });

  await waitForOutput(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const origin = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? '';
  const signalled = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    child,
    pid: child.pid ?? 0,
    origin,
    output: () => output,
    waitForOutput,
    exited,
    kill: () => signalled('SIGKILL'),
    stop: () => signalled('SIGTERM'),
  };
}

/**
 * The run's compiled server (`compiledServerArgs`) with `env` and the deterministic moderation rule unless `env`
 * names another; on PGlite, its data directory holds a migrated database before it starts (seedUnlessPresent).
 */
export async function spawnServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  if (env.DATA_DIR && !env.DATABASE_URL) await seedUnlessPresent(env.DATA_DIR);
  return startServerProcess(compiledServerArgs(), { MODERATION: 'rule', ...env });
}

/**
 * Arguments that run the server as `npm start` runs it, compiled (the run's compile, made once by
 * tests/support/compiled-server-setup.ts: a start of the TypeScript under tsx took about 0.7 s of CPU more, CI
 * time, issue 35, D151), after any `preloads` (TypeScript files, which Node runs stripped of their types).
 */
export function compiledServerArgs(...preloads: string[]): string[] {
  const compiled = inject('compiledServer');
  if (!compiled) {
    throw new Error(
      'No compiled server: the project needs tests/support/compiled-server-setup.ts as a global setup.',
    );
  }
  return [...preloads.flatMap((preload) => ['--import', preload]), compiled.mainJs];
}
