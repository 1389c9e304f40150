// One Idempotency-Key per generation, not per request. An attempt that got no answer (a timeout, a dropped
// connection) may still have reached the server and started a job; the next attempt at the same generation
// sends the same key, so the server answers with that job instead of charging again. Imports nothing, so the
// first screen's bundle can hold the store without the generation code and its schemas.

/** A random idempotency key; `crypto.randomUUID` exists only in secure contexts (not plain-http LAN hosts). */
export function randomIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class GenerationKeys {
  readonly #keys = new Map<string, string>();

  /** The key of this generation: the one its unfinished earlier attempt sent, or a new one. */
  keyFor(generation: string): string {
    const known = this.#keys.get(generation);
    if (known !== undefined) return known;
    const key = randomIdempotencyKey();
    this.#keys.set(generation, key);
    return key;
  }

  /** The generation ended (succeeded, failed, cancelled, refused): the same choices again are a new one. */
  forget(generation: string): void {
    this.#keys.delete(generation);
  }
}
