import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../../shared/engine/rng.ts';
import { beatsFlaunt, classify } from '../../../shared/games/sneak/combos.ts';
import { DECKS } from '../../../shared/games/sneak/deck.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { Card, Move, State } from '../../../shared/games/sneak/types.ts';
import { deepFreeze } from '../support/properties.ts';
import { asSets, ids, play, refused, start } from './helpers.ts';

/** Every subset of `cards` with 1…max members, by brute force. */
function allSubsets(cards: readonly Card[], max: number): Card[][] {
  const out: Card[][] = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const set = cards.filter((_, i) => mask & (1 << i));
    if (set.length <= max) out.push(set);
  }
  return out;
}

/** A play phase with `hand` for seat 0 and `others` cards for seat 1 (seat 0 to move). */
function withHand(hand: Card[], others: Card[], stock: Card[]): State {
  const base = start({ dealer: 1, hands: [[], []], stock: [] });
  return {
    ...base,
    phase: 'play',
    turn: 0,
    hands: [hand, others],
    stock,
    won: [[], []],
    points: [0, 0],
  };
}

describe('legal moves', () => {
  it('lists a sneak as one stand-in per allowed count', () => {
    const state = start({
      dealer: 2,
      hands: [['2S', '3S', '4S', '5S'], ['KH', 'KD', 'KC'], ['7C']],
      stock: ['10C'],
    });
    const sneaks = sneak.legalMoves(state, 0).filter((m) => m.t === 'sneak');
    expect(sneaks).toEqual([
      { t: 'sneak', cards: [], count: 1 },
      { t: 'sneak', cards: [], count: 2 },
      { t: 'sneak', cards: [], count: 3 },
    ]);
  });

  it('accepts a stand-in’s real cards, with or without the count', () => {
    const state = start({
      dealer: 1,
      hands: [
        ['2S', '3S'],
        ['KH', 'KD'],
      ],
      stock: ['10C'],
    });
    expect(
      play(state, 0, { t: 'sneak', cards: ids(state, 0, '2S 3S'), count: 2 }).state.phase,
    ).toBe('challenge');
    expect(play(state, 0, { t: 'sneak', cards: ids(state, 0, '3S') }).state.phase).toBe(
      'challenge',
    );
    const led = play(state, 0, { t: 'sneak', cards: ids(state, 0, '3S') }).state;
    expect(sneak.legalMoves(led, 1)).toEqual([
      { t: 'challenge', cards: [], count: 1 },
      { t: 'decline' },
    ]);
    expect(play(led, 1, { t: 'challenge', cards: ids(led, 1, 'KD'), count: 1 }).state.phase).toBe(
      'play',
    );
  });

  it('lists every flaunt, each set of cards once, as a brute force finds them', () => {
    const rng = seedRng('flaunts');
    const deck = DECKS[2];
    for (let trial = 0; trial < 150; trial++) {
      const pool = deck.slice();
      const draw = (n: number) =>
        Array.from({ length: n }, () => pool.splice(nextInt(rng, pool.length), 1)[0]!);
      const hand = draw(1 + nextInt(rng, 11));
      const others = draw(1 + nextInt(rng, 8));
      const state = withHand(hand, others, draw(1));
      const max = Math.min(hand.length, others.length);
      const expected = allSubsets(hand, max)
        .filter((set) => classify(set).type !== 'none')
        .map((set): Move => ({ t: 'flaunt', cards: set.map((c) => c.id) }));
      const listed = sneak.legalMoves(state, 0).filter((m) => m.t === 'flaunt');
      expect(new Set(asSets(listed)).size).toBe(listed.length);
      expect(asSets(listed)).toEqual(asSets(expected));
    }
  });

  it('lists every beating challenge to a flaunt, each set once, as a brute force finds them', () => {
    const rng = seedRng('challenges');
    const deck = DECKS[2];
    let nonEmpty = 0;
    for (let trial = 0; trial < 300; trial++) {
      const pool = deck.slice();
      const draw = (n: number) =>
        Array.from({ length: n }, () => pool.splice(nextInt(rng, pool.length), 1)[0]!);
      const others = draw(2 + nextInt(rng, 12));
      const leads = allSubsets(draw(4), 4).filter(
        (set) => classify(set).type !== 'none' && set.length <= others.length,
      );
      const lead = leads[nextInt(rng, leads.length)]!;
      const state0 = withHand(lead, others, draw(1));
      const state = play(state0, 0, { t: 'flaunt', cards: lead.map((c) => c.id) }).state;
      const target = classify(lead);
      const expected = allSubsets(others, lead.length)
        .filter((set) => set.length === lead.length && beatsFlaunt(classify(set), target))
        .map((set): Move => ({ t: 'challenge', cards: set.map((c) => c.id) }));
      const listed = sneak.legalMoves(state, 1);
      expect(listed.at(-1)).toEqual({ t: 'decline' });
      const challenges = listed.filter((m) => m.t === 'challenge');
      expect(asSets(challenges)).toEqual(asSets(expected));
      if (challenges.length > 0) nonEmpty++;
      for (const move of challenges) expect(sneak.apply(state, 1, move).ok).toBe(true);
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('every listed move is accepted', () => {
    const state = start({
      dealer: 1,
      hands: [
        ['2S', '3S', '4S', '4H', 'AS'],
        ['KH', 'KD', 'KC', '9H'],
      ],
      stock: ['10C'],
    });
    for (const move of sneak.legalMoves(state, 0)) {
      const real =
        'count' in move
          ? { ...move, cards: state.hands[0]!.slice(0, move.count).map((c) => c.id) }
          : move;
      expect(sneak.apply(state, 0, real).ok, JSON.stringify(real)).toBe(true);
    }
  });
});

describe('rejections', () => {
  const scenario = () =>
    deepFreeze(
      start({
        dealer: 2,
        hands: [
          ['2S', '3S', '9H'],
          ['KH', 'KD', '4H'],
          ['7C', '8D'],
        ],
        stock: ['10C', 'JC'],
      }),
    );

  it('refuses a move out of turn', () => {
    const state = scenario();
    expect(refused(state, 1, { t: 'draw' })).toBe('not-your-turn');
    expect(refused(state, 2, { t: 'flaunt', cards: ids(state, 2, '7C') })).toBe('not-your-turn');
  });

  it('refuses a move of the wrong phase', () => {
    const state = scenario();
    expect(refused(state, 0, { t: 'challenge', cards: ids(state, 0, '2S') })).toBe('wrong-phase');
    expect(refused(state, 0, { t: 'decline' })).toBe('wrong-phase');
    expect(refused(state, 0, { t: 'nextRound' })).toBe('wrong-phase');
    const led = deepFreeze(play(state, 0, { t: 'flaunt', cards: ids(state, 0, '9H') }).state);
    expect(refused(led, 0, { t: 'draw' })).toBe('wrong-phase');
    expect(refused(led, 1, { t: 'sneak', cards: ids(led, 1, 'KH') })).toBe('wrong-phase');
    expect(refused(led, 1, { t: 'flaunt', cards: ids(led, 1, 'KH') })).toBe('wrong-phase');
  });

  it('refuses an answer from the leader or from a seat not asked', () => {
    const state = scenario();
    const led = deepFreeze(play(state, 0, { t: 'sneak', cards: ids(state, 0, '2S 3S 9H') }).state);
    expect(sneak.toMove(led)).toEqual([1]);
    expect(refused(led, 0, { t: 'decline' })).toBe('not-your-turn');
    expect(refused(led, 2, { t: 'decline' })).toBe('not-your-turn');
  });

  it('refuses unknown and malformed moves', () => {
    const state = scenario();
    const own = ids(state, 0, '2S');
    for (const move of [
      null,
      undefined,
      42,
      'draw',
      [],
      ['draw'],
      {},
      { t: 7 },
      { t: 'pass' },
      { t: 'DRAW' },
      { t: 'draw', extra: 1 },
      { t: 'sneak' },
      { t: 'sneak', cards: 'c1' },
      { t: 'sneak', cards: [1] },
      { t: 'sneak', cards: [own[0], own[0]] },
      { t: 'sneak', cards: own, count: 'one' },
      { t: 'sneak', cards: own, count: 1.5 },
      { t: 'sneak', cards: own, extra: true },
      { t: 'flaunt', cards: own, count: 1.5 },
      { t: 'flaunt', cards: null },
    ]) {
      expect(refused(state, 0, move), JSON.stringify(move)).toBe('malformed-move');
    }
  });

  it('refuses a card not in your hand', () => {
    const state = scenario();
    expect(refused(state, 0, { t: 'flaunt', cards: ids(state, 1, 'KH') })).toBe('unknown-card');
    expect(refused(state, 0, { t: 'sneak', cards: [state.stock[0]!.id] })).toBe('unknown-card');
    expect(refused(state, 0, { t: 'sneak', cards: ['nope'] })).toBe('unknown-card');
    const led = play(state, 0, { t: 'sneak', cards: ids(state, 0, '2S') }).state;
    expect(refused(led, 1, { t: 'challenge', cards: ids(state, 0, '3S') })).toBe('unknown-card');
  });

  it('refuses a stand-in without real cards, and a count that does not match', () => {
    const state = scenario();
    expect(refused(state, 0, { t: 'sneak', cards: [], count: 1 })).toBe('no-cards');
    expect(refused(state, 0, { t: 'flaunt', cards: [] })).toBe('no-cards');
    expect(refused(state, 0, { t: 'sneak', cards: ids(state, 0, '2S'), count: 2 })).toBe(
      'count-mismatch',
    );
    expect(refused(state, 0, { t: 'flaunt', cards: ids(state, 0, '2S'), count: 2 })).toBe(
      'count-mismatch',
    );
    const led = play(state, 0, { t: 'sneak', cards: ids(state, 0, '2S') }).state;
    expect(refused(led, 1, { t: 'challenge', cards: [], count: 1 })).toBe('no-cards');
  });

  it('refuses a challenge of the wrong size', () => {
    const state = scenario();
    const led = play(state, 0, { t: 'sneak', cards: ids(state, 0, '2S') }).state;
    expect(refused(led, 1, { t: 'challenge', cards: ids(led, 1, 'KH KD') })).toBe('wrong-count');
  });

  it('SN-9: refuses a flaunt challenge that does not beat the lead', () => {
    const state = scenario();
    const led = play(state, 0, { t: 'flaunt', cards: ids(state, 0, '9H') }).state;
    expect(refused(led, 1, { t: 'challenge', cards: ids(led, 1, '4H') })).toBe('does-not-beat');
    expect(refused(led, 1, { t: 'challenge', cards: ids(led, 1, 'KD') })).toBe('does-not-beat');
    expect(play(led, 1, { t: 'challenge', cards: ids(led, 1, 'KH') }).state.phase).toBe(
      'challenge',
    );
  });

  it('refuses a seat that does not exist', () => {
    const state = scenario();
    for (const seat of [-1, 3, 1.5, Number.NaN])
      expect(refused(state, seat, { t: 'draw' })).toBe('bad-seat');
  });

  it('refuses every move once the game is over', () => {
    const over = start({ dealer: 1, hands: [[], []], stock: [], won: [100, 0] });
    expect(over.phase).toBe('gameOver');
    expect(refused(over, 0, { t: 'draw' })).toBe('game-over');
    expect(refused(over, 1, { t: 'nextRound' })).toBe('game-over');
  });

  it('never throws and never changes the state it is given', () => {
    const state = scenario();
    const snapshot = JSON.stringify(state);
    const junk: unknown[] = [
      Symbol.for('x'),
      () => 1,
      { t: 'sneak', cards: new Array(1000).fill('x') },
      { t: 'challenge', cards: [{}] },
      { t: 'flaunt', cards: [null] },
      Object.create(null),
      new Proxy({}, {}),
    ];
    for (const move of junk)
      for (const seat of [0, 1, 2]) expect(() => sneak.apply(state, seat, move)).not.toThrow();
    expect(JSON.stringify(state)).toBe(snapshot);
  });
});
