// A bounded map that forgets the least recently used entries first: a cache fed by what staff send
// (patterns, drafts) must never grow with it. Bounded by the number of entries and, optionally, by
// a total weight (bytes of the values, say).

export interface LruOptions {
  maxEntries: number;
  /** The most the weights of all entries may add up to (default: unbounded). */
  maxWeight?: number;
}

export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;

  constructor(private readonly options: LruOptions) {
    if (!(options.maxEntries >= 1)) throw new Error('an LRU keeps at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight held. */
  get totalWeight(): number {
    return this.weight;
  }

  /** The value, which becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Keeps a value as the most recently used; an entry heavier than the whole bound is not kept. */
  set(key: K, value: V, weight = 1): this {
    this.delete(key);
    if (this.options.maxWeight !== undefined && weight > this.options.maxWeight) return this;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (
      this.entries.size > this.options.maxEntries ||
      (this.options.maxWeight !== undefined && this.weight > this.options.maxWeight)
    ) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    return this;
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.weight -= entry.weight;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
