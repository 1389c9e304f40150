// Server processes under benchmark: measuring them from /proc (Linux) and waiting for them to answer or exit.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Resident memory of a process in bytes, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds (user + system, all threads) a live process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  // The command name in field 2 may hold spaces; the fields after its closing parenthesis do not.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** A fresh data directory takes PGlite seconds to create; a start that takes this long has failed. */
const START_DEADLINE_MS = 60_000;

/**
 * Polls `url` until `child` answers it; fails as soon as the child exits (a crash, a port already taken) or the
 * deadline passes, so a broken start ends the benchmark with its reason instead of hanging the run.
 */
export async function waitForAnswer(
  url: string,
  child: ChildProcess,
  deadlineMs = START_DEADLINE_MS,
): Promise<Response> {
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the process serving ${url} exited (${child.exitCode ?? child.signalCode}) before answering`,
      );
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`no answer from ${url} within ${deadlineMs / 1000} s`);
}

/** Stops a child with SIGTERM and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
