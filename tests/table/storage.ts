/**
 * A table's storage in plain Node, as the Durable Object's behaves for the table: rows kept as
 * JSON text, as its SQLite database keeps them (worker/rows.ts), so what reads back is a copy,
 * never the object written; and the keys an older server wrote, kept as structured clones. Both
 * are read through the loaders the object uses.
 */
import type { RowReader, Rows, TableReader } from '../../shared/table/stored.ts';

// Node's, declared here alone: this project sees no platform's globals (tsconfig.json).
declare const structuredClone: <T>(value: T) => T;

/** A deep copy as storage makes one: Maps, undefined and all. */
export const copyOf = <T>(value: T): T => structuredClone(value);

/** A table's rows: the record, the latest snapshot, the moves (and runs) by game and number. */
export class MemoryRows implements RowReader {
  private recordText: string | undefined;
  private snapshotText: string | undefined;
  private readonly moveTexts = new Map<string, string>();
  private devicesText: string | undefined;

  write(rows: Rows): void {
    if (rows.record) this.recordText = JSON.stringify(rows.record);
    if (rows.devices) this.devicesText = JSON.stringify(rows.devices);
    if (rows.snapshot) this.snapshotText = JSON.stringify(rows.snapshot);
    for (const move of rows.moves ?? []) {
      this.moveTexts.set(`${move.game}:${move.n}`, JSON.stringify(move.entry));
    }
    for (const run of rows.runs ?? []) {
      this.moveTexts.set(`${run.game}:${run.n}`, JSON.stringify({ run: run.entries }));
    }
    if (rows.start) {
      this.moveTexts.set(`${rows.start.game}:0`, JSON.stringify({ start: rows.start.state }));
    }
  }

  deleteAll(): void {
    this.recordText = undefined;
    this.snapshotText = undefined;
    this.devicesText = undefined;
    this.moveTexts.clear();
  }

  /** Everything stored now, to read back later as it was (texts never change in place). */
  copy(): MemoryRows {
    const copy = new MemoryRows();
    copy.recordText = this.recordText;
    copy.snapshotText = this.snapshotText;
    copy.devicesText = this.devicesText;
    for (const [key, text] of this.moveTexts) copy.moveTexts.set(key, text);
    return copy;
  }

  /** The moves the snapshot holds (0: none), as the object keeps count. */
  snapshotAt(): number {
    const snapshot = this.snapshot() as { n?: number } | undefined;
    return snapshot?.n ?? 0;
  }

  /** How many move rows are stored (a run of moves is one), of every game. */
  moveRows(): number {
    return this.moveTexts.size;
  }

  record(): unknown {
    return this.recordText === undefined ? undefined : JSON.parse(this.recordText);
  }

  snapshot(): { game: unknown; n: unknown; state: unknown } | undefined {
    return this.snapshotText === undefined ? undefined : JSON.parse(this.snapshotText);
  }

  devices(): unknown {
    return this.devicesText === undefined ? undefined : JSON.parse(this.devicesText);
  }

  moves(game: number): { n: number; entry: unknown }[] {
    return [...this.moveTexts]
      .map(([key, text]) => {
        const [g, n] = key.split(':').map(Number);
        return { g, n: n!, entry: JSON.parse(text) as unknown };
      })
      .filter((m) => m.g === game)
      .sort((a, b) => a.n - b.n)
      .map(({ n, entry }) => ({ n, entry }));
  }
}

/** The keys an older server stored a table under (stored.ts: loadKeyed). */
export class MemoryKeys implements TableReader {
  private readonly data = new Map<string, unknown>();

  put(records: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(records)) this.data.set(key, copyOf(value));
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
