/**
 * A table's storage in plain Node, as the Durable Object's behaves for the table: values kept as
 * structured clones (what the runtime stores is a copy, never the object it was given), a key
 * never written absent, lists in key order. It is read through the same loader the object uses.
 */
import type { TableReader } from '../../worker/table/stored.ts';

// Node's, declared here alone: this project sees no platform's globals (tsconfig.json).
declare const structuredClone: <T>(value: T) => T;

/** A deep copy as storage makes one: Maps, undefined and all. */
export const copyOf = <T>(value: T): T => structuredClone(value);

export class MemoryStorage implements TableReader {
  private readonly data = new Map<string, unknown>();

  put(records: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(records)) this.data.set(key, copyOf(value));
  }

  deleteAll(): void {
    this.data.clear();
  }

  /**
   * Everything stored now, to read back later as it was. Values are copied going in and coming
   * out, never changed in between, so the snapshot may share them.
   */
  snapshot(): MemoryStorage {
    const copy = new MemoryStorage();
    for (const [key, value] of this.data) copy.data.set(key, value);
    return copy;
  }

  async get(keys: string[]): Promise<Map<string, unknown>> {
    const found = new Map<string, unknown>();
    for (const key of keys) if (this.data.has(key)) found.set(key, copyOf(this.data.get(key)));
    return found;
  }

  async list(prefix: string): Promise<Map<string, unknown>> {
    const keys = [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
    return new Map(keys.map((k) => [k, copyOf(this.data.get(k))]));
  }
}
