// A least-recently-used map with a size cap: memory stays bounded however many distinct keys arrive.

export class BoundedCache<Key, Value> {
  readonly #entries = new Map<Key, Value>();

  constructor(readonly maxEntries: number) {}

  get(key: Key): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Re-insert so the Map's insertion order stays least-recently-used first.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
