// Readiness: whether this instance can serve now, as a load balancer asks it (`GET /readyz`). Each part the
// server depends on registers a named check; the instance is ready when every check passes in time.

/** Resolves when the part answers; any rejection counts as not ready. */
export type ReadinessCheck = () => Promise<unknown>;

export type CheckOutcome = 'ok' | 'failed' | 'timed out';

export type ReadinessReport =
  | { ready: true; checks: Record<string, CheckOutcome> }
  | { ready: false; reason: 'shutting down' }
  | { ready: false; reason: 'check failed'; failed: string[]; checks: Record<string, CheckOutcome> };

export interface Readiness {
  /** Registers a check under a unique name (`database`, `images`, …); /readyz runs it on every probe. */
  add(name: string, check: ReadinessCheck): void;
  /** From now on the instance reports not ready, so load balancers stop sending it traffic. */
  markShuttingDown(): void;
  evaluate(): Promise<ReadinessReport>;
}

/**
 * A hung dependency must make the probe answer 503 quickly, not hang it: a load balancer counts a probe that
 * times out on its side the same way, but only after its own (often longer) timeout, and meanwhile probes pile up.
 */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  checkTimeoutMs?: number;
  /** Told why a check failed; the probe's answer names only the check. */
  onFailure?: (name: string, error: unknown) => void;
}

class CheckTimedOut extends Error {}

function withinTime(check: ReadinessCheck, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimedOut(`no answer within ${ms} ms`)), ms);
  });
  // A check that throws synchronously fails like one that rejects.
  return Promise.race([Promise.resolve().then(check), late]).finally(() => clearTimeout(timer));
}

export function createReadiness({
  checkTimeoutMs = READINESS_CHECK_TIMEOUT_MS,
  onFailure = () => {},
}: ReadinessOptions = {}): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  let shuttingDown = false;

  const outcomeOf = async (name: string, check: ReadinessCheck): Promise<CheckOutcome> => {
    try {
      await withinTime(check, checkTimeoutMs);
      return 'ok';
    } catch (error) {
      onFailure(name, error);
      return error instanceof CheckTimedOut ? 'timed out' : 'failed';
    }
  };

  return {
    add(name, check) {
      if (checks.has(name)) throw new Error(`A readiness check named ${name} is already registered.`);
      checks.set(name, check);
    },
    markShuttingDown() {
      shuttingDown = true;
    },
    async evaluate() {
      if (shuttingDown) return { ready: false, reason: 'shutting down' };
      const entries = await Promise.all(
        [...checks].map(async ([name, check]) => [name, await outcomeOf(name, check)] as const),
      );
      const failed = entries.filter(([, outcome]) => outcome !== 'ok').map(([name]) => name);
      const outcomes = Object.fromEntries(entries);
      return failed.length === 0
        ? { ready: true, checks: outcomes }
        : { ready: false, reason: 'check failed', failed, checks: outcomes };
    },
  };
}
