// Daily counters (per network, the paid budget) reset at midnight UTC: the same day on every instance.

/** `YYYY-MM-DD` of `now` in UTC. */
export const utcDay = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Whole seconds until the next UTC day begins (at least 1): the `Retry-After` of a daily refusal. */
export function secondsUntilNextUtcDay(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
