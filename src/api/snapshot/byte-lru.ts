/**
 * A least-recently-used map bounded by its values' bytes, as their owners count them: inserting past the limit drops
 * the least recently used entries first. A value larger than the whole limit is not kept.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(readonly limitBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops every entry (values still referenced elsewhere stay alive there). */
  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Whether `key` is cached, without making it recently used. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Map order is insertion order: re-inserting makes it the most recently used.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.limitBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.total <= this.limitBytes) break;
      this.entries.delete(oldest);
      this.total -= e.bytes;
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
  }
}
