// A binary min-heap of (key, value) pairs, for Dijkstra over the superpixel graph. Stale entries are allowed: the
// caller skips a popped value whose key is no longer its best.
export class MinHeap {
  private keys: Float64Array;
  private values: Int32Array;
  private length = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
  }

  get size(): number {
    return this.length;
  }

  push(key: number, value: number): void {
    if (this.length === this.keys.length) this.grow();
    let at = this.length++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const parentKey = this.keys[parent] ?? 0;
      if (parentKey <= key) break;
      this.keys[at] = parentKey;
      this.values[at] = this.values[parent] ?? 0;
      at = parent;
    }
    this.keys[at] = key;
    this.values[at] = value;
  }

  /** The smallest key's [key, value]; the heap must not be empty. */
  pop(): [number, number] {
    if (this.length === 0) throw new RangeError('pop from an empty heap');
    const top: [number, number] = [this.keys[0] ?? 0, this.values[0] ?? 0];
    const last = --this.length;
    const key = this.keys[last] ?? 0;
    const value = this.values[last] ?? 0;
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= last) break;
      if (child + 1 < last && (this.keys[child + 1] ?? 0) < (this.keys[child] ?? 0)) child++;
      if ((this.keys[child] ?? 0) >= key) break;
      this.keys[at] = this.keys[child] ?? 0;
      this.values[at] = this.values[child] ?? 0;
      at = child;
    }
    this.keys[at] = key;
    this.values[at] = value;
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const values = new Int32Array(this.values.length * 2);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }
}
