/**
 * A table's storage: its rows in the Durable Object's SQLite database — the record (one row), the
 * latest snapshot of its game (one row), and one row per move (or per run of moves played
 * elsewhere; a game begun at a moment of another keeps that state as its move 0). What storage costs is rows written, so every write goes through here and is
 * counted from the runtime's own cursors (`rowsWritten`). Values are stored as JSON text and read
 * back as `unknown`, for table/stored.ts to parse. A table an older server kept under keys is
 * carried over once.
 */
import type { RoundState } from '../shared/engine/rounds.ts';
import type { LogEntry } from '../shared/table/game-log.ts';
import type { Dealt, TableMeta } from '../shared/table/meta.ts';
import {
  carriedOver,
  devicesOf,
  loadKeyed,
  loadTable,
  type RowReader,
  type Rows,
  type TableReader,
} from '../shared/table/stored.ts';

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS record (id INTEGER PRIMARY KEY CHECK (id = 0), meta TEXT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS snapshot (id INTEGER PRIMARY KEY CHECK (id = 0), game INTEGER NOT NULL, n INTEGER NOT NULL, state TEXT NOT NULL)',
  // Keyed by game and move alone (no rowid): a move is one row written, with no index beside it.
  'CREATE TABLE IF NOT EXISTS moves (game INTEGER NOT NULL, n INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (game, n)) WITHOUT ROWID',
];

/** The devices to notify: one row, made by the first that asks (a table made before has none). */
const DEVICES =
  'CREATE TABLE IF NOT EXISTS devices (id INTEGER PRIMARY KEY CHECK (id = 0), list TEXT NOT NULL)';

/** JSON text from storage, parsed; text that is not JSON reads as itself, for the schema to refuse. */
function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

export class SqlRows implements RowReader {
  /** Rows written since the object woke, by the runtime's count. */
  written = 0;
  /** The record's text as last stored (in its row or a move's): an unchanged one is not written again. */
  private lastRecord: string | null = null;
  /** Whether the tables exist: made with the first write, so a table never made stores nothing. */
  private made: boolean;

  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
    this.made = this.has('record');
  }

  private has(table: string): boolean {
    const found = this.sql.exec(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
      table,
    );
    return found.toArray().length > 0;
  }

  /** All was deleted (`deleteAll`): the tables go with it. */
  erased(): void {
    this.made = false;
    this.lastRecord = null;
  }

  record(): unknown {
    if (!this.made) return undefined;
    const row = this.sql.exec<{ meta: string }>('SELECT meta FROM record').toArray()[0];
    return row === undefined ? undefined : parsed(row.meta);
  }

  snapshot(): { game: unknown; n: unknown; state: unknown } | undefined {
    if (!this.made) return undefined;
    const row = this.sql
      .exec<{ game: number; n: number; state: string }>('SELECT game, n, state FROM snapshot')
      .toArray()[0];
    return row === undefined ? undefined : { game: row.game, n: row.n, state: parsed(row.state) };
  }

  devices(): unknown {
    if (!this.made || !this.has('devices')) return undefined;
    const row = this.sql.exec<{ list: string }>('SELECT list FROM devices').toArray()[0];
    return row === undefined ? undefined : parsed(row.list);
  }

  moves(game: number): { n: number; entry: unknown }[] {
    if (!this.made) return [];
    return this.sql
      .exec<{ n: number; entry: string }>(
        'SELECT n, entry FROM moves WHERE game = ? ORDER BY n',
        game,
      )
      .toArray()
      .map((row) => ({ n: row.n, entry: parsed(row.entry) }));
  }

  /** Writes one input's rows (the caller makes them one transaction). */
  write(rows: Rows): void {
    if (!this.made) {
      for (const statement of SCHEMA) this.count(this.sql.exec(statement));
      this.made = true;
    }
    if (rows.record) {
      const text = JSON.stringify(rows.record);
      if (text !== this.lastRecord) {
        this.count(
          this.sql.exec(
            'INSERT INTO record (id, meta) VALUES (0, ?) ON CONFLICT (id) DO UPDATE SET meta = excluded.meta',
            text,
          ),
        );
        this.lastRecord = text;
      }
    }
    if (rows.snapshot) {
      const { game, n, state } = rows.snapshot;
      this.count(
        this.sql.exec(
          'INSERT INTO snapshot (id, game, n, state) VALUES (0, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET game = excluded.game, n = excluded.n, state = excluded.state',
          game,
          n,
          JSON.stringify(state),
        ),
      );
    }
    for (const { game, n, entry } of rows.moves ?? []) {
      this.putMove(game, n, entry);
      if (entry.meta) this.lastRecord = JSON.stringify(entry.meta);
    }
    for (const { game, n, entries } of rows.runs ?? []) this.putMove(game, n, { run: entries });
    if (rows.start) this.putMove(rows.start.game, 0, { start: rows.start.state });
    if (rows.devices) {
      this.count(this.sql.exec(DEVICES));
      this.count(
        this.sql.exec(
          'INSERT INTO devices (id, list) VALUES (0, ?) ON CONFLICT (id) DO UPDATE SET list = excluded.list',
          JSON.stringify(rows.devices),
        ),
      );
    }
  }

  /** Move `n` of game `game`'s row: a move, or a run of moves that ends at `n`. */
  private putMove(game: number, n: number, entry: object): void {
    this.count(
      this.sql.exec(
        'INSERT OR REPLACE INTO moves (game, n, entry) VALUES (?, ?, ?)',
        game,
        n,
        JSON.stringify(entry),
      ),
    );
  }

  private count(cursor: SqlStorageCursor<Record<string, SqlStorageValue>>): void {
    // A cursor's counts are final once it is read to its end.
    cursor.toArray();
    this.written += cursor.rowsWritten;
  }
}

/** The table's storage as its object uses it: loaded once, then one transaction per input. */
export class TableStore {
  readonly rows: SqlRows;
  /** The moves of the current game that the latest snapshot holds. */
  snapshotAt = 0;
  /** Moves stored since the object woke (ready marks among them), for `usage`. */
  moves = 0;
  private readonly storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.storage = storage;
    this.rows = new SqlRows(storage.sql);
  }

  /**
   * The table from its rows; a table an older server stored under keys is carried over to rows
   * first, once, and its keys deleted.
   */
  async load(id: string): Promise<ReturnType<typeof loadTable>> {
    const loaded = this.loaded(loadTable(id, this.rows));
    if (!loaded.ok || loaded.loaded) return loaded;
    const keyed = this.loaded(await loadKeyed(id, keys(this.storage)));
    if (!keyed.ok || !keyed.loaded) return keyed;
    const old = keyed.loaded;
    const stored = [...(await this.storage.list()).keys()];
    this.storage.transactionSync(() => this.rows.write(carriedOver(old)));
    for (let i = 0; i < stored.length; i += 128) {
      await this.storage.delete(stored.slice(i, i + 128));
    }
    return keyed;
  }

  private loaded(out: ReturnType<typeof loadTable>): ReturnType<typeof loadTable> {
    if (out.ok && out.loaded) this.snapshotAt = out.loaded.snapshotAt;
    return out;
  }

  /** The devices to notify (notify.ts), as stored. */
  devices(): ReturnType<typeof devicesOf> {
    return devicesOf(this.rows.devices());
  }

  /** A new table: its record alone. */
  create(meta: TableMeta): void {
    this.storage.transactionSync(() => this.rows.write({ record: meta }));
  }

  /**
   * A new table with a game already played (an imported one): its record, the game's state as
   * the snapshot, its moves in a run or two and the state it began at (null: dealt from its
   * seed), written as an older table's are carried over.
   */
  adopt(table: Dealt, log: LogEntry[], start: RoundState | null): void {
    const snapshotAt = table.meta.moveCount;
    const rows = carriedOver({ table, log, snapshotAt, start });
    this.storage.transactionSync(() => this.rows.write(rows));
    this.snapshotAt = snapshotAt;
  }

  /**
   * One input's rows (carry-out.ts), in one transaction; `readyMark`: a player's move that only
   * marked them ready, kept in the record, counted as a move.
   */
  write(rows: Rows, readyMark: boolean): void {
    this.storage.transactionSync(() => this.rows.write(rows));
    if (rows.snapshot) this.snapshotAt = rows.snapshot.n;
    this.moves += (rows.moves?.length ?? 0) + (readyMark ? 1 : 0);
  }

  /** An idle table leaves nothing behind. */
  async erase(): Promise<void> {
    await this.storage.deleteAll();
    this.rows.erased();
  }
}

/** The Durable Object's keys, as an older table is loaded from them. */
const keys = (storage: DurableObjectStorage): TableReader => ({
  get: (names) => storage.get(names),
  list: (prefix) => storage.list({ prefix }),
});
