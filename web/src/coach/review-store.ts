/**
 * Reviews kept in this browser, so that reopening one is instant: each under its table, game
 * number and seat, in IndexedDB beside the solo tables' own database. What is read back is
 * checked (review-schema.ts): a review that does not parse, or is another game's or seat's, reads
 * as none, and is made again. The latest KEPT are kept; older ones go as new ones come.
 */
import * as v from 'valibot';
import type { GameId, Seat } from '../../../shared/engine/types.ts';
import { databaseOpener, done, result } from '../solo/solo-db.ts';
import { type Review, reviewSchema } from './review-schema.ts';

/** Reviews kept at most: a finished game's replay is rarely looked at again after a few more. */
export const KEPT = 50;

export interface ReviewKey {
  /** The table's id: a live table's, or a solo table's. */
  table: string;
  gameNo: number;
  /** The table's game: a review of another reads as none. */
  game: GameId;
  seat: Seat;
}

/** Where reviews lie: IndexedDB in the page (`idbShelf`), a map in tests. */
export interface Shelf {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  /** Every key with what is stored under it. */
  entries(): Promise<[string, unknown][]>;
  delete(keys: readonly string[]): Promise<void>;
}

const keyOf = ({ table, gameNo, seat }: ReviewKey) => `${table}:${gameNo}:${seat}`;

/** What is stored under a key: the review, and when it was made (epoch ms), for keeping. */
const keptSchema = v.object({ at: v.number(), review: v.unknown() });

/** The review kept for `key`, or null: none, or one that does not fit (made again). */
export async function storedReview(shelf: Shelf, key: ReviewKey): Promise<Review | null> {
  const kept = v.safeParse(keptSchema, await shelf.get(keyOf(key)));
  if (!kept.success) return null;
  const review = v.safeParse(reviewSchema, kept.output.review);
  return review.success && review.output.seat === key.seat && review.output.game === key.game
    ? review.output
    : null;
}

/** Keeps `review` under `key`, and lets the oldest go beyond KEPT. */
export async function keepReview(
  shelf: Shelf,
  key: ReviewKey,
  review: Review,
  now = Date.now(),
): Promise<void> {
  await shelf.put(keyOf(key), { at: now, review });
  const ages = (await shelf.entries()).map(([k, value]) => {
    const kept = v.safeParse(keptSchema, value);
    return { key: k, at: kept.success ? kept.output.at : 0 };
  });
  ages.sort((a, b) => b.at - a.at);
  const old = ages.slice(KEPT).map((a) => a.key);
  if (old.length > 0) await shelf.delete(old);
}

const DB_NAME = 'hoopla-coach';
const STORE = 'reviews';

const coachDb = databaseOpener(
  DB_NAME,
  1,
  [STORE],
  'The reviews kept here wait for another tab to close.',
);

/** This browser's reviews, in IndexedDB. */
export function idbShelf(): Shelf {
  const store = async (mode: IDBTransactionMode) => {
    const tx = (await coachDb()).transaction(STORE, mode);
    return { tx, store: tx.objectStore(STORE) };
  };
  return {
    async get(key) {
      const { store: s } = await store('readonly');
      return result(s.get(key));
    },
    async put(key, value) {
      const { tx, store: s } = await store('readwrite');
      s.put(value, key);
      await done(tx);
    },
    async entries() {
      const { store: s } = await store('readonly');
      const [keys, values] = await Promise.all([result(s.getAllKeys()), result(s.getAll())]);
      return keys.map((k, i) => [String(k), values[i]]);
    },
    async delete(keys) {
      const { tx, store: s } = await store('readwrite');
      for (const key of keys) s.delete(key);
      await done(tx);
    },
  };
}
