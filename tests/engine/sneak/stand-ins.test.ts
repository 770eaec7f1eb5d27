/**
 * Flaunts and challenges to a flaunt from a big hand (CONTRACT §1): a size with more than 64 legal
 * choices is one stand-in `{ t, cards: [], count }`, standing for every legal choice of that size;
 * `apply` takes any of them and refuses the rest. Smaller sizes stay listed in full, within a
 * budget for all sizes together that turns the largest into stand-ins as well.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_CHOICES } from '../../../shared/engine/cards.ts';
import { classify } from '../../../shared/games/sneak/combos.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import { forEachFlauntable, MAX_LISTED_FLAUNT_BYTES } from '../../../shared/games/sneak/legal.ts';
import type { Card, Move, State } from '../../../shared/games/sneak/types.ts';
import { ids, play, refused, start } from './helpers.ts';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const suit = (s: string, upTo = RANKS.length) => RANKS.slice(0, upTo).map((r) => `${r}${s}`);

/** Seat 0: every spade and the hearts 2–10; seat 1: every club. Seat 0 to move. */
const bigHands = () =>
  start({
    dealer: 1,
    hands: [[...suit('S'), ...suit('H', 9)], suit('C')],
    stock: ['JD', 'QD'],
  });

/** Every flaunt of `n` cards of a hand, counted the slow way: no stop, no stand-in. */
function allFlaunts(hand: Card[], n: number): number {
  let count = 0;
  forEachFlauntable(hand, n, n, null, () => {
    count++;
    return false;
  });
  return count;
}

const flaunts = (legal: Move[], n: number) =>
  legal.filter(
    (m): m is Extract<Move, { t: 'flaunt' }> =>
      m.t === 'flaunt' && (m.count ?? m.cards.length) === n,
  );

describe('flaunts from a big hand', () => {
  it('lists each size in full up to 64 choices, and as one stand-in above', () => {
    const state = bigHands();
    const legal = sneak.legalMoves(state, 0);
    const most = Math.min(state.hands[0]!.length, state.hands[1]!.length);
    let standIns = 0;
    for (let n = 1; n <= most; n++) {
      const all = allFlaunts(state.hands[0]!, n);
      const listed = flaunts(legal, n);
      if (all > MAX_LISTED_CHOICES) {
        expect(listed, `size ${n}: ${all} flaunts`).toEqual([{ t: 'flaunt', cards: [], count: n }]);
        standIns++;
      } else {
        expect(listed.length, `size ${n}`).toBe(all);
      }
    }
    expect(flaunts(legal, 1)).toHaveLength(22); // every single card, listed
    expect(standIns).toBeGreaterThan(3);
    // The list a phone receives stays small whatever the hand.
    expect(JSON.stringify(legal).length).toBeLessThan(8000);
  });

  it('takes any legal flaunt for a stand-in, and refuses one that is no combo', () => {
    const state = bigHands();
    const flush = ids(state, 0, '2S 5S 7S 9S JS');
    expect(classify(state.hands[0]!.filter((c) => flush.includes(c.id))).type).toBe('flush');
    expect(play(state, 0, { t: 'flaunt', cards: flush, count: 5 }).state.phase).toBe('challenge');
    expect(play(state, 0, { t: 'flaunt', cards: flush }).state.phase).toBe('challenge');
    expect(refused(state, 0, { t: 'flaunt', cards: ids(state, 0, '2S 5S 7H 9S JS') })).toBe(
      'not-a-combo',
    );
  });
});

describe('flaunts from a hand of many sizes', () => {
  // Two packs; seat 0's flaunts of sizes 2 to 11 number 32 to 57 each, 500 in all (about 30 KB
  // listed in full). Found as the worst of random two-pack hands of 16.
  const hand = '2S 3H 4S 4D 5H 6H 7C 8S 8C 9S 9C 10S JH JH QS QC'.split(' ');
  const others = '2C 3C 4C 5C 6C 7H 8H 9H 10H JC QH KS KH AS AH AD'.split(' ');
  const state = () =>
    start({ dealer: 3, hands: [hand, others, others, others], stock: [] }, { packs: 2 });

  it('lists the smallest sizes in full and the largest as stand-ins, within the budget', () => {
    const legal = sneak.legalMoves(state(), 0);
    const sizes = Array.from({ length: 11 }, (_, i) => allFlaunts(state().hands[0]!, i + 1));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_LISTED_CHOICES);
    const standIns = legal.filter((m) => 'count' in m).map((m) => (m as { count: number }).count);
    expect(standIns.length).toBeGreaterThan(0);
    // Every size below the first stand-in is listed in full; every size from it is a stand-in.
    const first = Math.min(...standIns);
    expect(first).toBe(5); // sizes 1–4 come to about 7.4 KB, size 5 adds 2.6 KB
    for (let n = 1; n <= 16; n++) {
      const listed = flaunts(legal, n);
      if (n >= first && sizes[n - 1])
        expect(listed).toEqual([{ t: 'flaunt', cards: [], count: n }]);
      else expect(listed.length, `size ${n}`).toBe(sizes[n - 1] ?? 0);
    }
    const full = legal.filter((m) => !('count' in m));
    expect(JSON.stringify(full).length).toBeLessThanOrEqual(MAX_LISTED_FLAUNT_BYTES);
    expect(JSON.stringify(full).length).toBeGreaterThan(MAX_LISTED_FLAUNT_BYTES / 2);
  });

  it('takes a legal flaunt of a size that became a stand-in, and refuses one that is no combo', () => {
    const flush = ids(state(), 0, '2S 4S 8S 10S QS');
    expect(play(state(), 0, { t: 'flaunt', cards: flush }).state.phase).toBe('challenge');
    expect(refused(state(), 0, { t: 'flaunt', cards: ids(state(), 0, '2S 4S 8S 10S JH') })).toBe(
      'not-a-combo',
    );
  });
});

describe('challenges to a flaunt from a big hand', () => {
  const flaunted = (): State =>
    play(bigHands(), 0, { t: 'flaunt', cards: ids(bigHands(), 0, '2S 3S 5S 7S 9S') }).state;

  it('are one stand-in when more than 64 sets beat the flaunt', () => {
    const state = flaunted();
    expect(sneak.legalMoves(state, 1)).toEqual([
      { t: 'challenge', cards: [], count: 5 },
      { t: 'decline' },
    ]);
  });

  it('take any beating set for the stand-in and refuse the others', () => {
    const state = flaunted();
    // A higher flush beats the flaunted flush; a straight flush is another type (SN-9).
    expect(
      play(state, 1, { t: 'challenge', cards: ids(state, 1, '4C 6C 8C 10C QC'), count: 5 }),
    ).toBeTruthy();
    expect(refused(state, 1, { t: 'challenge', cards: ids(state, 1, '2C 3C 4C 5C 6C') })).toBe(
      'does-not-beat',
    );
  });

  it('stay listed in full when few sets beat it', () => {
    // Six clubs: each of their six five-card flushes beats the flaunted spade flush.
    const base = start({
      dealer: 1,
      hands: [
        [...suit('S'), ...suit('H', 9)],
        ['4C', '6C', '8C', '10C', 'QC', 'KC'],
      ],
      stock: ['JD', 'QD'],
    });
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '2S 3S 5S 7S 9S') }).state;
    const challenges = sneak.legalMoves(state, 1).filter((m) => m.t === 'challenge');
    expect(challenges).toHaveLength(6);
    for (const m of challenges) expect((m as { cards: string[] }).cards).toHaveLength(5);
  });
});
