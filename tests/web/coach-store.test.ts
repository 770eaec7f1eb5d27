/**
 * The reviews a browser keeps (web/src/coach/review-store.ts): each under its table, game number
 * and seat; what does not parse, or is another seat's or game's, reads as none and is made
 * again; the latest KEPT stay.
 */
import { describe, expect, it } from 'vitest';
import {
  KEPT,
  keepReview,
  type ReviewKey,
  type Shelf,
  storedReview,
} from '../../web/src/coach/review-store.ts';
import { decision, review } from './coach-fixture.ts';

/** A shelf in memory, as IndexedDB's store would hold the same values. */
function memoryShelf(): Shelf & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => structuredClone(map.get(key)),
    put: async (key, value) => void map.set(key, structuredClone(value)),
    entries: async () => [...map.entries()],
    delete: async (keys) => {
      for (const key of keys) map.delete(key);
    },
  };
}

const at: ReviewKey = { table: 'a'.repeat(64), gameNo: 2, game: 'hulahoo', seat: 0 };
const made = review(
  [decision(2, 1), decision(5, 1, { chance: 0.1, bestChance: 0.4, sure: true })],
  [1],
);

describe('the reviews kept in the browser', () => {
  it('read back a kept review under its table, game number and seat', async () => {
    const shelf = memoryShelf();
    expect(await storedReview(shelf, at)).toBeNull();
    await keepReview(shelf, at, made);
    expect(await storedReview(shelf, at)).toEqual(made);
    expect(await storedReview(shelf, { ...at, gameNo: 3 })).toBeNull();
    expect(await storedReview(shelf, { ...at, table: 'b'.repeat(64) })).toBeNull();
  });

  it('read another seat’s or another game’s review as none', async () => {
    const shelf = memoryShelf();
    await keepReview(shelf, at, made);
    // Written under this key by another page, for another seat or game.
    const [key] = [...shelf.map.keys()];
    shelf.map.set(key!, { at: 1, review: { ...made, seat: 1 } });
    expect(await storedReview(shelf, at)).toBeNull();
    shelf.map.set(key!, { at: 1, review: { ...made, game: 'sneak' } });
    expect(await storedReview(shelf, at)).toBeNull();
  });

  it('read a review that does not parse as none, so that it is made again', async () => {
    const shelf = memoryShelf();
    await keepReview(shelf, at, made);
    const [key] = [...shelf.map.keys()];
    for (const broken of [
      'not a review',
      { at: 1 },
      { at: 1, review: { ...made, version: 2 } },
      { at: 1, review: { ...made, turningPoints: [7] } },
      { at: 1, review: { ...made, decisions: [{ ...made.decisions[0], chance: 1.5 }] } },
      { at: 1, review: { ...made, decisions: [{ ...made.decisions[0], compared: 0 }] } },
    ]) {
      shelf.map.set(key!, broken);
      expect(await storedReview(shelf, at), JSON.stringify(broken)).toBeNull();
    }
  });

  it(`keep the latest ${KEPT} reviews, letting the oldest go`, async () => {
    const shelf = memoryShelf();
    for (let n = 1; n <= KEPT + 2; n++) await keepReview(shelf, { ...at, gameNo: n }, made, n);
    expect(shelf.map.size).toBe(KEPT);
    expect(await storedReview(shelf, { ...at, gameNo: 1 })).toBeNull();
    expect(await storedReview(shelf, { ...at, gameNo: 2 })).toBeNull();
    expect(await storedReview(shelf, { ...at, gameNo: 3 })).toEqual(made);
    expect(await storedReview(shelf, { ...at, gameNo: KEPT + 2 })).toEqual(made);
  });
});
