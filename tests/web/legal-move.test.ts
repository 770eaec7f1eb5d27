import { describe, expect, it } from 'vitest';
import { cardsInMoves, listedMove, sameSet } from '../../web/src/games/legal-move.ts';

type M = { t: 'flaunt' | 'sneak' | 'draw'; cards?: string[]; count?: number };

const legal: M[] = [
  { t: 'draw' },
  { t: 'flaunt', cards: ['a', 'b'] },
  { t: 'flaunt', cards: ['c', 'd', 'e'] },
  { t: 'flaunt', cards: [], count: 4 },
  { t: 'sneak', cards: [], count: 2 },
];

describe('listedMove', () => {
  it('finds the listed object whatever order the cards were tapped in', () => {
    expect(listedMove(legal, 'flaunt', ['e', 'c', 'd'])).toBe(legal[2]);
    expect(listedMove(legal, 'flaunt', ['b', 'a'])).toBe(legal[1]);
  });

  it('makes nothing of a selection the list does not hold', () => {
    expect(listedMove(legal, 'flaunt', ['a'])).toBeUndefined();
    expect(listedMove(legal, 'flaunt', ['a', 'c'])).toBeUndefined();
    expect(listedMove(legal, 'flaunt', ['a', 'a'])).toBeUndefined();
    expect(listedMove(legal, 'draw', [])).toBeUndefined();
  });

  it('fills a stand-in of the selection size with the real ids, when the game check agrees', () => {
    expect(listedMove(legal, 'flaunt', ['w', 'x', 'y', 'z'])).toEqual({
      t: 'flaunt',
      cards: ['w', 'x', 'y', 'z'],
      count: 4,
    });
    expect(listedMove(legal, 'flaunt', ['w', 'x', 'y', 'z'], () => false)).toBeUndefined();
    expect(listedMove(legal, 'sneak', ['q', 'r'])).toEqual({
      t: 'sneak',
      cards: ['q', 'r'],
      count: 2,
    });
    expect(listedMove(legal, 'sneak', ['q'])).toBeUndefined();
    // The stand-in in the view is left as it was.
    expect(legal[3]).toEqual({ t: 'flaunt', cards: [], count: 4 });
  });

  it('reads card lists given as cards as well as ids', () => {
    const moves = [{ t: 'place', cards: [{ id: 'p' }, { id: 'q' }] }];
    expect(listedMove(moves, 'place', ['q', 'p'])).toBe(moves[0]);
  });
});

describe('sameSet and cardsInMoves', () => {
  it('compares lists as sets of distinct ids', () => {
    expect(sameSet(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameSet(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(sameSet(['a'], ['a', 'b'])).toBe(false);
  });

  it('gathers the cards of every listed move of a kind', () => {
    expect([...cardsInMoves(legal, 'flaunt')].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(cardsInMoves(legal, 'sneak').size).toBe(0);
  });
});
