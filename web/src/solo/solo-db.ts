/**
 * The solo tables this browser keeps, in IndexedDB. Each is kept as a Durable Object keeps a live
 * table (shared/table/stored.ts): its record, the latest snapshot of its game and a row per move,
 * read back the one way every table is. Beside those rows, its entry: what the home page lists
 * (the table's public summary, when it last changed), the table's own secrets (its seat token and
 * host key, which never leave this browser), and where it went if it was taken online.
 *
 * This module only opens the database, reads and writes entries and deletes a table's rows: the
 * home page loads it, so it holds no engine and no schema library.
 */
import { GAME_IDS } from '../../../shared/engine/types.ts';
import type { TableSummary } from '../../../shared/protocol.ts';

const DB_NAME = 'hoopla-solo';
const DB_VERSION = 1;

export const STORES = {
  entries: 'entries',
  records: 'records',
  snapshots: 'snapshots',
  /** Keyed by [table, game, n]: a table's moves of one game list in order. */
  moves: 'moves',
} as const;

/** A solo table's entry, as the home page lists it and its worker finds its secrets. */
export interface SoloEntry {
  id: string;
  /** The seat this browser plays. */
  seat: number;
  /** The table's public summary with whose turn it is, as of its latest change. */
  summary: TableSummary;
  /** When it last changed (epoch ms): the newest first in "Your tables". */
  at: number;
  token: string;
  hostKey: string;
  /** The live table it became ("Invite friends"), whose link replaces it. */
  online: string | null;
}

/** A solo table's id: 128 random bits in hex, in links `/solo/<id>`. */
export const SOLO_ID = /^[0-9a-f]{32}$/;

/**
 * A database of this browser's, opened once per page or worker (made, or brought to `version`
 * with the object stores `stores`, on first use); `blocked` says what waits when another tab holds
 * an older version open.
 */
export function databaseOpener(
  name: string,
  version: number,
  stores: readonly string[],
  blocked: string,
): () => Promise<IDBDatabase> {
  let opened: Promise<IDBDatabase> | null = null;
  return () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = () => {
        const db = request.result;
        for (const store of stores) {
          if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      // Another tab holds an older version open: it closes on `versionchange` (below).
      request.onblocked = () => console.warn(blocked);
    }).then((db) => {
      db.onversionchange = () => db.close();
      return db;
    });
    opened.catch(() => {
      opened = null; // private browsing or storage refused: the next use tries again
    });
    return opened;
  };
}

/** The solo tables' database. */
export const soloDb = databaseOpener(
  DB_NAME,
  DB_VERSION,
  [STORES.entries, STORES.records, STORES.snapshots, STORES.moves],
  'The saved games wait for another tab to close.',
);

/** A request's result, as a promise. */
export function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A transaction's end: resolved once everything in it is on disk. */
export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The transaction was aborted.'));
  });
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const isSeatList = (x: unknown): boolean =>
  Array.isArray(x) &&
  x.every((s) => isObject(s) && Number.isInteger(s.seat) && typeof s.bot === 'boolean');

/**
 * Whether a stored summary has what the home page reads of it (its game, status and seats).
 * Storage hands back whatever was written, by this page or an older one.
 */
function isSummary(x: unknown): x is TableSummary {
  return (
    isObject(x) &&
    GAME_IDS.some((g) => g === x.game) &&
    typeof x.status === 'string' &&
    isSeatList(x.seats) &&
    (x.toMove === undefined || Array.isArray(x.toMove))
  );
}

/** An entry as stored, or null for one that does not fit (it is then left out). */
export function entryOf(raw: unknown): SoloEntry | null {
  if (!isObject(raw)) return null;
  const { id, seat, summary, at, token, hostKey, online } = raw;
  if (typeof id !== 'string' || !SOLO_ID.test(id) || !Number.isInteger(seat)) return null;
  if (typeof seat !== 'number' || typeof at !== 'number' || !isSummary(summary)) return null;
  if (typeof token !== 'string' || typeof hostKey !== 'string') return null;
  if (online !== null && (typeof online !== 'string' || !/^[0-9a-f]{64}$/.test(online))) {
    return null;
  }
  return { id, seat, summary, at, token, hostKey, online };
}

/** One table's entry, or null when there is none (or it does not fit). */
export async function soloEntry(id: string): Promise<SoloEntry | null> {
  const db = await soloDb();
  const tx = db.transaction(STORES.entries, 'readonly');
  return entryOf(await result(tx.objectStore(STORES.entries).get(id)));
}

/** Every entry kept, those of tables taken online included; any that does not fit is left out. */
export async function storedEntries(): Promise<SoloEntry[]> {
  const db = await soloDb();
  const tx = db.transaction(STORES.entries, 'readonly');
  const all: unknown[] = await result(tx.objectStore(STORES.entries).getAll());
  return all.map(entryOf).filter((e): e is SoloEntry => e !== null);
}

/** Every key of table `id` in the moves store: [id, game, n] sorts between these two. */
export const movesOf = (id: string) => IDBKeyRange.bound([id], [id, []]);

/**
 * Deletes table `id`'s rows in one transaction. `entry`: the table went online, and its entry
 * stays to send an old link there; null: the entry goes too, and the table with it.
 */
export async function dropRows(id: string, entry: SoloEntry | null): Promise<void> {
  const db = await soloDb();
  const tx = db.transaction(
    [STORES.entries, STORES.records, STORES.snapshots, STORES.moves],
    'readwrite',
  );
  tx.objectStore(STORES.records).delete(id);
  tx.objectStore(STORES.snapshots).delete(id);
  tx.objectStore(STORES.moves).delete(movesOf(id));
  if (entry) tx.objectStore(STORES.entries).put(entry, id);
  else tx.objectStore(STORES.entries).delete(id);
  await done(tx);
}
