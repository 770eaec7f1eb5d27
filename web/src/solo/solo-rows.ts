/**
 * A solo table's rows in IndexedDB (solo-db.ts), for the worker that runs it: read back through
 * `loadTable`, as a Durable Object reads its own, and written one transaction per input, the
 * table's entry with them, before anything the input changed reaches the page.
 */
import { loadTable, type RowReader, type Rows } from '../../../shared/table/stored.ts';
import { done, movesOf, result, type SoloEntry, STORES, soloDb } from './solo-db.ts';

/** The table's rows, read at once, and handed to `loadTable` as the rows it parses. */
export async function loadRows(id: string): Promise<ReturnType<typeof loadTable>> {
  const db = await soloDb();
  const tx = db.transaction([STORES.records, STORES.snapshots, STORES.moves], 'readonly');
  const [record, snapshot, moves] = await Promise.all([
    result(tx.objectStore(STORES.records).get(id)),
    result(tx.objectStore(STORES.snapshots).get(id)),
    storedMoves(tx.objectStore(STORES.moves), id),
  ]);
  const reader: RowReader = {
    record: () => record,
    snapshot: () => snapshotOf(snapshot),
    moves: (game) => moves.filter((m) => m.game === game),
    devices: () => undefined,
  };
  return loadTable(id, reader);
}

/** The stored snapshot row's parts, for `loadTable` to parse; anything else reads as none. */
function snapshotOf(raw: unknown): { game: unknown; n: unknown; state: unknown } | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  return {
    game: Reflect.get(raw, 'game'),
    n: Reflect.get(raw, 'n'),
    state: Reflect.get(raw, 'state'),
  };
}

/** The table's moves of every game, with the game and number their keys give them. */
async function storedMoves(
  store: IDBObjectStore,
  id: string,
): Promise<{ game: number; n: number; entry: unknown }[]> {
  const range = movesOf(id);
  const [keys, entries] = await Promise.all([
    result(store.getAllKeys(range)),
    result(store.getAll(range)),
  ]);
  return keys.flatMap((key, i) => {
    if (!Array.isArray(key)) return [];
    const [, game, n] = key;
    return typeof game === 'number' && typeof n === 'number'
      ? [{ game, n, entry: entries[i] }]
      : [];
  });
}

/** One input's rows and the table's entry, in one transaction: resolved once they are kept. */
export async function writeRows(id: string, rows: Rows, entry: SoloEntry): Promise<void> {
  const db = await soloDb();
  const tx = db.transaction(
    [STORES.entries, STORES.records, STORES.snapshots, STORES.moves],
    'readwrite',
  );
  if (rows.record) tx.objectStore(STORES.records).put(rows.record, id);
  if (rows.snapshot) tx.objectStore(STORES.snapshots).put(rows.snapshot, id);
  for (const { game, n, entry: move } of rows.moves ?? []) {
    tx.objectStore(STORES.moves).put(move, [id, game, n]);
  }
  // A game begun at a moment of another keeps that state as its move 0 (stored.ts).
  if (rows.start)
    tx.objectStore(STORES.moves).put({ start: rows.start.state }, [id, rows.start.game, 0]);
  tx.objectStore(STORES.entries).put(entry, id);
  await done(tx);
}
