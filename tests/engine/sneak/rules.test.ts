import { describe, expect, it } from 'vitest';
import { cardName } from '../../../shared/games/sneak/faces.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { Card, Move, State, View } from '../../../shared/games/sneak/types.ts';
import { asSets, ids, names, play, playAll, refused, start } from './helpers.ts';

const config = (players: number, raw: unknown = {}) => {
  const parsed = sneak.parseConfig(raw, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.config;
};

const fresh = (players: number, raw: unknown = {}, seed = 'seed') =>
  sneak.setup(config(players, raw), players, seed);

const counts = (legal: Move[], t: string) =>
  legal.filter((m) => m.t === t).map((m) => (m as { count: number }).count);

const flaunts = (legal: Move[]) =>
  legal
    .filter((m) => m.t === 'flaunt')
    .map((m) => (m as { cards: string[] }).cards)
    .map((list) => list.length);

/** The names of the cards a seat may challenge a flaunt with, each challenge as 'A B'. */
function challengeNames(state: State, seat: number): string[] {
  const byId = new Map(state.hands[seat]!.map((c) => [c.id, cardName(c)]));
  return sneak
    .legalMoves(state, seat)
    .filter((m) => m.t === 'challenge')
    .map((m) => (m as { cards: string[] }).cards.map((id) => byId.get(id)).join(' '))
    .sort();
}

describe('SN-1: cards', () => {
  it('SN-1: two or three players use one 52-card pack', () => {
    for (const players of [2, 3]) {
      expect(config(players)).toEqual({ packs: 1, target: 100 });
      expect(fresh(players).stock).toHaveLength(52);
    }
  });

  it('SN-1: five to seven players use two packs (104 cards)', () => {
    for (const players of [5, 6, 7]) {
      expect(config(players)).toEqual({ packs: 2, target: 200 });
      expect(fresh(players).stock).toHaveLength(104);
    }
  });

  it('SN-1: four players use one pack unless the table chooses two', () => {
    expect(config(4)).toEqual({ packs: 1, target: 100 });
    expect(config(4, { packs: 2 })).toEqual({ packs: 2, target: 200 });
    expect(fresh(4, { packs: 2 }).stock).toHaveLength(104);
  });

  it('SN-1: refuses one pack for five or more players and two packs for two or three', () => {
    for (const [players, packs] of [
      [5, 1],
      [7, 1],
      [2, 2],
      [3, 2],
    ] as const) {
      const out = sneak.parseConfig({ packs }, players);
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.error.code).toBe('bad-config');
    }
  });

  it('SN-1: is for 2 to 7 players', () => {
    expect(sneak.minPlayers).toBe(2);
    expect(sneak.maxPlayers).toBe(7);
    for (const players of [1, 8, 2.5]) {
      const out = sneak.parseConfig({}, players);
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.error.code).toBe('bad-players');
    }
  });

  it('SN-1: each pack holds ranks 2 to ace in four suits, every card with its own id', () => {
    const stock = fresh(6).stock;
    expect(new Set(stock.map((c) => c.id)).size).toBe(104);
    const byName = new Map<string, number>();
    for (const card of stock) byName.set(cardName(card), (byName.get(cardName(card)) ?? 0) + 1);
    expect(byName.size).toBe(52);
    for (const n of byName.values()) expect(n).toBe(2);
    expect(Math.min(...stock.map((c) => c.r))).toBe(2);
    expect(Math.max(...stock.map((c) => c.r))).toBe(14);
  });

  it('reads options: missing fields default, unknown or wrong ones are refused with a reason', () => {
    expect(sneak.parseConfig(undefined, 3)).toEqual({
      ok: true,
      config: { packs: 1, target: 100 },
    });
    expect(sneak.parseConfig({ target: 50 }, 6)).toEqual({
      ok: true,
      config: { packs: 2, target: 50 },
    });
    for (const raw of [
      'x',
      [],
      { colour: 'red' },
      { packs: 3 },
      { packs: '1' },
      { target: 0 },
      { target: 49 }, // ALL-3: 50 to 400
      { target: 401 },
      { target: 1.5 },
      { target: '100' },
    ]) {
      const out = sneak.parseConfig(raw, 4);
      expect(out.ok, JSON.stringify(raw)).toBe(false);
      if (!out.ok) expect(out.error.code).toBe('bad-config');
    }
  });
});

describe('SN-2: no deal, and a draw first', () => {
  it('SN-2: the shuffled pack is the stock, nobody holds a card and the dealer’s left neighbour starts', () => {
    const state = fresh(4);
    expect(state.hands.every((h) => h.length === 0)).toBe(true);
    expect(state.dealer).toBe(0);
    expect(sneak.toMove(state)).toEqual([1]);
    expect(sneak.legalMoves(state, 1)).toEqual([{ t: 'draw' }]);
  });

  it('SN-2: shuffles by the seed, the same seed the same way', () => {
    expect(fresh(3, {}, 'a').stock).toEqual(fresh(3, {}, 'a').stock);
    expect(fresh(3, {}, 'a').stock).not.toEqual(fresh(3, {}, 'b').stock);
  });

  it('SN-2: each player’s first turn of a round must be a draw, even holding cards', () => {
    let state = fresh(2);
    state = play(state, 1, { t: 'draw' }).state;
    state = play(state, 0, { t: 'draw' }).state;
    // Seat 1 is past its first turn: it may now lead.
    expect(counts(sneak.legalMoves(state, 1), 'sneak')).toEqual([1]);
    expect(flaunts(sneak.legalMoves(state, 1))).toEqual([1]);
    const card = state.hands[1]![0]!.id;
    expect(play(state, 1, { t: 'sneak', cards: [card] }).state.phase).toBe('challenge');
  });

  it('SN-2: a lead on a first turn is refused', () => {
    // Seat 0 holds a card (as if handed one) but has not had its first turn yet.
    let state = fresh(3);
    state = play(state, 1, { t: 'draw' }).state;
    state = play(state, 2, { t: 'draw' }).state;
    const stacked: State = { ...state, hands: [[state.stock[0]!], ...state.hands.slice(1)] };
    expect(sneak.legalMoves(stacked, 0)).toEqual([{ t: 'draw' }]);
    expect(refused(stacked, 0, { t: 'flaunt', cards: [state.stock[0]!.id] })).toBe('must-draw');
  });
});

describe('SN-3: a turn', () => {
  const scenario = () =>
    start({ dealer: 2, hands: [['5H', '6H'], ['9C'], []], stock: ['2S', '3S', '4S'] });

  it('SN-3: on a turn a player draws, sneaks or flaunts', () => {
    const state = scenario();
    expect(sneak.toMove(state)).toEqual([0]);
    expect(asSets(sneak.legalMoves(state, 0))).toEqual(
      asSets([
        { t: 'draw' },
        { t: 'sneak', cards: [], count: 1 },
        { t: 'flaunt', cards: ids(state, 0, '5H') },
        { t: 'flaunt', cards: ids(state, 0, '6H') },
      ]),
    );
  });

  it('SN-3: a draw takes the top card of the stock and passes the turn left', () => {
    const { state, events } = play(scenario(), 0, { t: 'draw' });
    expect(names(state.hands[0]!)).toEqual(['2S', '5H', '6H']); // into its sorted place
    expect(state.stock).toHaveLength(2);
    expect(sneak.toMove(state)).toEqual([1]);
    expect(events).toEqual([{ type: 'drew', seat: 0 }]);
  });

  it('SN-3: a player with no cards must draw while the stock lasts', () => {
    let state = scenario();
    state = play(state, 0, { t: 'draw' }).state;
    state = play(state, 1, { t: 'draw' }).state;
    expect(sneak.toMove(state)).toEqual([2]);
    expect(sneak.legalMoves(state, 2)).toEqual([{ t: 'draw' }]);
  });
});

describe('SN-4: the size of a lead', () => {
  const scenario = () =>
    start({
      dealer: 3,
      hands: [['2S', '3S', '4S', '5S', '9D'], ['KH', 'KD'], ['7C'], ['AH', 'AC']],
      stock: ['10C'],
    });

  it('SN-4: a lead of N cards needs another player holding N or more', () => {
    const state = scenario();
    const legal = sneak.legalMoves(state, 0);
    expect(counts(legal, 'sneak')).toEqual([1, 2]);
    expect(Math.max(...flaunts(legal))).toBe(2);
    expect(refused(state, 0, { t: 'sneak', cards: ids(state, 0, '2S 3S 4S') })).toBe(
      'lead-too-big',
    );
    expect(refused(state, 0, { t: 'flaunt', cards: ids(state, 0, '2S 3S 4S') })).toBe(
      'lead-too-big',
    );
  });

  it('SN-4: only players holding N or more cards may challenge', () => {
    const state = scenario();
    const lead2 = play(state, 0, { t: 'sneak', cards: ids(state, 0, '2S 9D') }).state;
    expect(sneak.toMove(lead2)).toEqual([1, 3]);
    expect(sneak.legalMoves(lead2, 2)).toEqual([]);
    expect(refused(lead2, 2, { t: 'decline' })).toBe('not-your-turn');
    const lead1 = play(state, 0, { t: 'sneak', cards: ids(state, 0, '9D') }).state;
    expect(sneak.toMove(lead1)).toEqual([1, 2, 3]);
  });
});

describe('SN-5: sealed, simultaneous challenges', () => {
  const scenario = () =>
    start({
      dealer: 3,
      hands: [
        ['QH', '2C'],
        ['KH', '3D'],
        ['5S', '6S'],
        ['AH', '4C'],
      ],
      stock: ['10C', 'JC'],
    });

  it('SN-5: every eligible player is asked at once, even one with no legal challenge', () => {
    const base = scenario();
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, 'QH') }).state;
    expect(state.phase).toBe('challenge');
    expect(sneak.toMove(state)).toEqual([1, 2, 3]);
    // Seat 2 holds no heart: declining is all it may do, but it is asked all the same.
    expect(sneak.legalMoves(state, 2)).toEqual([{ t: 'decline' }]);
    expect(challengeNames(state, 1)).toEqual(['KH']);
    expect(challengeNames(state, 3)).toEqual(['AH']);
  });

  it('SN-5: each answers once; the others learn only that an answer is in', () => {
    const base = scenario();
    let state = play(base, 0, { t: 'sneak', cards: ids(base, 0, 'QH') }).state;
    const before = sneak.view(state, 2);
    const out = play(state, 1, { t: 'challenge', cards: ids(state, 1, 'KH') });
    state = out.state;
    expect(out.events).toEqual([{ type: 'answered', seat: 1 }]);
    expect(sneak.toMove(state)).toEqual([2, 3]);
    expect(refused(state, 1, { t: 'decline' })).toBe('already-answered');
    expect(sneak.legalMoves(state, 1)).toEqual([]);

    const after = sneak.view(state, 2);
    expect(after.players[1]!.answered).toBe(true);
    expect(after.players[1]!.hand).toHaveLength(2); // the challenge stays in hand until the reveal
    expect(after.answer).toBeNull();
    expect({ ...after, players: null, toMove: null }).toEqual({
      ...before,
      players: null,
      toMove: null,
    });
    // Declining looks the same from outside as challenging.
    const declined = play(play(base, 0, { t: 'sneak', cards: ids(base, 0, 'QH') }).state, 1, {
      t: 'decline',
    });
    expect(sneak.view(declined.state, 2)).toEqual(after);
    expect(declined.events).toEqual(out.events);

    // The one who answered sees their own answer.
    expect(sneak.view(state, 1).answer).toEqual({
      t: 'challenge',
      cards: base.hands[1]!.filter((c) => cardName(c) === 'KH'),
    });
    expect(sneak.view(declined.state, 1).answer).toEqual({ t: 'decline' });
  });

  it('SN-5: the contest resolves when the last one answers', () => {
    const base = scenario();
    let state = play(base, 0, { t: 'sneak', cards: ids(base, 0, 'QH') }).state;
    state = play(state, 3, { t: 'decline' }).state;
    state = play(state, 1, { t: 'challenge', cards: ids(state, 1, '3D') }).state;
    expect(state.phase).toBe('challenge');
    const out = play(state, 2, { t: 'decline' });
    expect(out.state.phase).toBe('play');
    expect(out.events.map((e) => e.type)).toEqual(['answered', 'revealed', 'revealed', 'won']);
  });
});

describe('SN-7: the sneak contest', () => {
  it('SN-7: the leader’s cards are turned up, then each challenger’s in seat order from the leader’s left', () => {
    const base = start({
      dealer: 1,
      hands: [['4S'], ['7H'], ['9C', '3S'], ['8D']],
      stock: ['2C'],
    });
    // Seat 2 leads; seats 3, 0 and 1 answer in a scrambled order.
    const { state, events } = playAll(base, [
      [2, { t: 'sneak', cards: ids(base, 2, '3S') }],
      [1, { t: 'challenge', cards: ids(base, 1, '7H') }],
      [3, { t: 'challenge', cards: ids(base, 3, '8D') }],
      [0, { t: 'challenge', cards: ids(base, 0, '4S') }],
    ]);
    const reveals = events.filter((e) => e.type === 'revealed');
    expect(reveals.map((e) => e.seat)).toEqual([2, 3, 0, 1]);
    expect(reveals.map((e) => names(e.cards as never))).toEqual([['3S'], ['8D'], ['4S'], ['7H']]);
    expect(state.last?.winner).toBe(3);
    expect(state.last?.challengers.map((c) => c.seat)).toEqual([3, 0, 1]);
  });

  it('SN-7: singletons: the highest rank wins, whatever the suit', () => {
    const base = start({ dealer: 2, hands: [['QS'], ['KC'], ['AD']], stock: ['2C'] });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'QS') }],
      [1, { t: 'challenge', cards: ids(base, 1, 'KC') }],
      [2, { t: 'challenge', cards: ids(base, 2, 'AD') }],
    ]);
    expect(state.last?.winner).toBe(2);
    expect(names(state.won[2]!)).toEqual(['QS', 'KC', 'AD']);
  });

  it('SN-7: sets: the higher type wins regardless of ranks', () => {
    const base = start({
      dealer: 2,
      hands: [
        ['AS', 'KS', 'QS'],
        ['2D', '2H', '2C'],
        ['AH', 'KD', 'QC'],
      ],
      stock: ['5C'],
    });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'AS KS QS') }],
      [1, { t: 'challenge', cards: ids(base, 1, '2D 2H 2C') }],
      [2, { t: 'challenge', cards: ids(base, 2, 'AH KD QC') }],
    ]);
    expect(state.last?.winner).toBe(1);
    expect(state.last?.lead?.combo).toBe('straightFlush');
    expect(state.last?.challengers.map((c) => c.combo)).toEqual(['match', 'straight']);
  });

  it('SN-7: any set of cards may be sneaked, and a non-combo loses to any combo', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['AS', '9H'],
        ['2C', '4C'],
      ],
      stock: ['5C'],
    });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'AS 9H') }],
      [1, { t: 'challenge', cards: ids(base, 1, '2C 4C') }],
    ]);
    expect(state.last?.lead?.combo).toBe('none');
    expect(state.last?.winner).toBe(1);
  });

  it('SN-7: within a type, ranks compare from the highest card down', () => {
    const base = start({
      dealer: 2,
      hands: [
        ['KH', '9H', '2H'],
        ['KS', '9S', '3S'],
        ['QD', 'JD', '9D'],
      ],
      stock: ['5C'],
    });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'KH 9H 2H') }],
      [1, { t: 'challenge', cards: ids(base, 1, 'KS 9S 3S') }],
      [2, { t: 'challenge', cards: ids(base, 2, 'QD JD 9D') }],
    ]);
    expect(state.last?.winner).toBe(1);
  });

  it('SN-6: in a contest, A-2-3 is the lowest run and Q-K-A the highest', () => {
    const base = start({
      dealer: 2,
      hands: [
        ['AS', '2H', '3D'],
        ['2S', '3H', '4D'],
        ['QC', 'KH', 'AD'],
      ],
      stock: ['5C'],
    });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'AS 2H 3D') }],
      [1, { t: 'challenge', cards: ids(base, 1, '2S 3H 4D') }],
      [2, { t: 'challenge', cards: ids(base, 2, 'QC KH AD') }],
    ]);
    expect(state.last?.winner).toBe(2);
  });

  it('SN-6: K-A-2 is no straight (no wrap-around)', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['KS', 'AH', '2D'],
        ['4S', '6H', '8D'],
      ],
      stock: ['5C'],
    });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'KS AH 2D') }],
      [1, { t: 'challenge', cards: ids(base, 1, '4S 6H 8D') }],
    ]);
    expect(state.last?.lead?.combo).toBe('none');
    expect(state.last?.winner).toBe(0); // A-K-2 beats 8-6-4 on the top card
  });
});

describe('SN-8: ties', () => {
  it('SN-8: the leader wins a tie', () => {
    const base = start({ dealer: 1, hands: [['9S'], ['9H']], stock: ['5C'] });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, '9S') }],
      [1, { t: 'challenge', cards: ids(base, 1, '9H') }],
    ]);
    expect(state.last?.winner).toBe(0);
    expect(state.won[0]).toHaveLength(2);
  });

  it('SN-8: among challengers tied above the leader, the first in reveal order wins', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['QS', 'QH'],
        ['KS', 'KH'],
        ['2C', '3D'],
        ['KD', 'KC'],
      ],
      stock: ['5C'],
    });
    // Seat 2 leads: reveal order 3, 0, 1; seats 3 and 1 tie with kings, 3 comes first.
    const { state } = playAll(base, [
      [2, { t: 'sneak', cards: ids(base, 2, '2C 3D') }],
      [1, { t: 'challenge', cards: ids(base, 1, 'KS KH') }],
      [0, { t: 'challenge', cards: ids(base, 0, 'QS QH') }],
      [3, { t: 'challenge', cards: ids(base, 3, 'KD KC') }],
    ]);
    expect(state.last?.winner).toBe(3);
  });

  it('SN-8: twins of two packs tie, and the leader keeps the tie', () => {
    const base = start(
      { dealer: 4, hands: [['AS'], ['AS'], [], [], []], stock: ['5C'] },
      { packs: 2 },
    );
    expect(base.hands[0]![0]!.id).not.toBe(base.hands[1]![0]!.id);
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, 'AS') }],
      [1, { t: 'challenge', cards: ids(base, 1, 'AS') }],
    ]);
    expect(state.last?.winner).toBe(0);
  });

  it('SN-8: in a flaunt, tied challengers: the first from the leader’s left wins', () => {
    const base = start(
      { dealer: 0, hands: [['9H'], ['5H'], [], ['9H'], []], stock: ['5C'] },
      { packs: 2 },
    );
    // Seat 1 leads: the reveal order is 2, 3, 4, 0, so seat 3's twin comes before seat 0's.
    const { state } = playAll(base, [
      [1, { t: 'flaunt', cards: ids(base, 1, '5H') }],
      [0, { t: 'challenge', cards: ids(base, 0, '9H') }],
      [3, { t: 'challenge', cards: ids(base, 3, '9H') }],
    ]);
    expect(state.last?.challengers.map((c) => c.seat)).toEqual([3, 0]);
    expect(state.last?.winner).toBe(3);
  });
});

describe('SN-9: the flaunt contest', () => {
  it('SN-9: a flaunt must be a single card or a combo', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['2S', '9H', 'QH'],
        ['3C', '4C', '5C'],
      ],
      stock: ['6D'],
    });
    expect(refused(base, 0, { t: 'flaunt', cards: ids(base, 0, '2S 9H') })).toBe('not-a-combo');
    const listed = asSets(sneak.legalMoves(base, 0).filter((m) => m.t === 'flaunt'));
    expect(listed).toEqual(
      asSets([
        { t: 'flaunt', cards: ids(base, 0, '2S') },
        { t: 'flaunt', cards: ids(base, 0, '9H') },
        { t: 'flaunt', cards: ids(base, 0, 'QH') },
        { t: 'flaunt', cards: ids(base, 0, '9H QH') },
      ]),
    );
  });

  it('SN-9: a single card is beaten only by a higher card of its suit', () => {
    const base = start({
      dealer: 2,
      hands: [['8H'], ['9S', '7H', 'AS', 'JH'], ['2C']],
      stock: ['5C'],
    });
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '8H') }).state;
    expect(challengeNames(state, 1)).toEqual(['JH']);
    expect(refused(state, 1, { t: 'challenge', cards: ids(state, 1, 'AS') })).toBe('does-not-beat');
    expect(refused(state, 1, { t: 'challenge', cards: ids(state, 1, '7H') })).toBe('does-not-beat');
  });

  it('SN-9: a combo is beaten only by a higher combo of the same type', () => {
    const base = start({
      dealer: 2,
      hands: [
        ['5C', '6H', '7S'],
        ['6D', '7D', '8D', '9D', '6C', '7C', '8S', '9H', '9S', '10H'],
        ['2C', '3C', '4C'],
      ],
      stock: ['JS'],
    });
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '5C 6H 7S') }).state;
    // Straights of three higher than 7-6-5, not straight flushes, nor the matches.
    const listed = challengeNames(state, 1);
    expect(listed).not.toContain('6D 7D 8D');
    expect(listed).not.toContain('7D 8D 9D');
    expect(listed).toContain('6C 7D 8S');
    expect(listed).toContain('8S 9H 10H');
    expect(listed.every((set) => set.split(' ').length === 3)).toBe(true);
    expect(refused(state, 1, { t: 'challenge', cards: ids(state, 1, '6D 7D 8D') })).toBe(
      'does-not-beat',
    );
    expect(refused(state, 1, { t: 'challenge', cards: ids(state, 1, '9D 9H 9S') })).toBe(
      'does-not-beat',
    );
    // Seat 2's 2-3-4 of clubs is a straight flush, and no straight: it may only decline.
    expect(sneak.legalMoves(state, 2)).toEqual([{ t: 'decline' }]);
  });

  it('SN-9: lists every beating challenge, each set of cards once', () => {
    const base = start(
      {
        dealer: 5,
        hands: [['4H', '4S'], ['5H', '5H', '5D', 'KS'], [], [], [], []],
        stock: ['5C'],
      },
      { packs: 2 },
    );
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '4H 4S') }).state;
    const listed = sneak.legalMoves(state, 1).filter((m) => m.t === 'challenge');
    expect(listed).toHaveLength(3); // 5H+5H (the twins), and each 5H with the 5D
    expect(new Set(asSets(listed)).size).toBe(3);
  });

  it('SN-9: several challengers reveal together and the highest wins', () => {
    const base = start({
      dealer: 3,
      hands: [['8H'], ['JH'], ['KH'], ['9H']],
      stock: ['5C'],
    });
    const { state, events } = playAll(base, [
      [0, { t: 'flaunt', cards: ids(base, 0, '8H') }],
      [1, { t: 'challenge', cards: ids(base, 1, 'JH') }],
      [3, { t: 'challenge', cards: ids(base, 3, '9H') }],
      [2, { t: 'challenge', cards: ids(base, 2, 'KH') }],
    ]);
    expect(events.filter((e) => e.type === 'answered')).toHaveLength(3);
    const reveals = events.filter((e) => e.type === 'revealed');
    expect(reveals.map((e) => e.seat)).toEqual([1, 2, 3]); // all at once, after the last answer
    expect(state.last?.winner).toBe(2);
    expect(names(state.won[2]!)).toEqual(['8H', 'JH', 'KH', '9H']);
  });

  it('SN-9: an unbeaten flaunt goes to its leader', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['AH', 'AS'],
        ['2C', '3C'],
      ],
      stock: ['5C'],
    });
    const { state, events } = playAll(base, [
      [0, { t: 'flaunt', cards: ids(base, 0, 'AH AS') }],
      [1, { t: 'decline' }],
    ]);
    expect(state.won[0]!.map(cardName)).toEqual(['AH', 'AS']);
    expect(state.last).toMatchObject({ leader: 0, kind: 'flaunt', winner: 0, unseen: false });
    expect(events.at(-1)).toEqual({ type: 'won', seat: 0, count: 2, unseen: false });
  });
});

describe('SN-10: winnings', () => {
  it('SN-10: the winner adds every card played in the contest', () => {
    const base = start({
      dealer: 2,
      hands: [
        ['3S', '4S'],
        ['KS', 'KH', '2D'],
        ['8C', '9D', '10H'],
      ],
      stock: ['5C'],
    });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, '3S 4S') }],
      [1, { t: 'challenge', cards: ids(base, 1, 'KS KH') }],
      [2, { t: 'challenge', cards: ids(base, 2, '8C 9D') }],
    ]);
    expect(state.won.map((w) => w.length)).toEqual([0, 6, 0]);
    expect(names(state.hands[1]!)).toEqual(['2D']);
    expect(names(state.hands[2]!)).toEqual(['10H']);
  });

  it('SN-10: an unchallenged sneak is won unseen', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['3S', '4S'],
        ['KS', 'KH'],
      ],
      stock: ['5C'],
    });
    const { state, events } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, '3S 4S') }],
      [1, { t: 'decline' }],
    ]);
    expect(state.won[0]).toHaveLength(2);
    expect(state.last).toEqual({
      leader: 0,
      kind: 'sneak',
      count: 2,
      lead: null,
      challengers: [],
      winner: 0,
      unseen: true,
      // Kept for the replay of the finished game (ALL-1); no live view shows them.
      sneak: state.won[0],
    });
    expect(events.at(-1)).toEqual({ type: 'won', seat: 0, count: 2, unseen: true });
    for (const you of [0, 1]) {
      expect(sneak.view(state, you).last!.sneak).toEqual([{ hidden: true }, { hidden: true }]);
    }
    expect(names(sneak.openView!(state, 1).last!.sneak as Card[])).toEqual(['3S', '4S']);
    expect(sneak.view(state, 1).players[0]!.won).toBe(2);
    expect(sneak.view(state, 1).winnings).toEqual([]);
    expect(names(sneak.view(state, 0).winnings)).toEqual(['3S', '4S']);
  });
});

describe('SN-11: the turn to play', () => {
  it('SN-11: the turn passes to the leader’s left, whoever won', () => {
    const base = start({ dealer: 3, hands: [['2S'], ['3S'], ['AS'], ['4D']], stock: ['5C', '6C'] });
    const { state } = playAll(base, [
      [0, { t: 'sneak', cards: ids(base, 0, '2S') }],
      [1, { t: 'decline' }],
      [2, { t: 'challenge', cards: ids(base, 2, 'AS') }],
      [3, { t: 'decline' }],
    ]);
    expect(state.last?.winner).toBe(2);
    expect(sneak.toMove(state)).toEqual([1]);
  });
});

describe('SN-12: the endgame', () => {
  it('SN-12: once the stock is empty there are no sneaks and no draws: the player must flaunt', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['2S', '3S'],
        ['9H', '10C'],
      ],
      stock: [],
    });
    const legal = sneak.legalMoves(base, 0);
    expect(legal.every((m) => m.t === 'flaunt')).toBe(true);
    expect(legal.length).toBeGreaterThan(0);
    expect(refused(base, 0, { t: 'sneak', cards: ids(base, 0, '2S') })).toBe('no-sneaking');
    expect(refused(base, 0, { t: 'draw' })).toBe('stock-empty');
  });

  it('SN-12: the last draw ends sneaking for the next player', () => {
    const base = start({ dealer: 1, hands: [['2S'], ['9H']], stock: ['7C'] });
    const state = play(base, 0, { t: 'draw' }).state;
    expect(state.stock).toHaveLength(0);
    expect(sneak.legalMoves(state, 1)).toEqual([{ t: 'flaunt', cards: ids(state, 1, '9H') }]);
  });

  it('SN-12: players without cards are skipped', () => {
    const base = start({ dealer: 3, hands: [['2S'], [], ['9H'], ['4D']], stock: [] });
    const { state } = playAll(base, [
      [0, { t: 'flaunt', cards: ids(base, 0, '2S') }],
      [2, { t: 'decline' }],
      [3, { t: 'decline' }],
    ]);
    // Seat 1, on the leader's left, holds nothing.
    expect(sneak.toMove(state)).toEqual([2]);
  });

  it('SN-12/SN-4: a lead is capped by what the others hold, so a single card is always left to flaunt', () => {
    const base = start({ dealer: 1, hands: [['2S', '3S', '4S'], ['9H']], stock: [] });
    expect(asSets(sneak.legalMoves(base, 0))).toEqual(
      asSets(['2S', '3S', '4S'].map((name) => ({ t: 'flaunt', cards: ids(base, 0, name) }))),
    );
  });

  it('SN-12: when at most one player still holds cards, that player adds them to their winnings and the round ends', () => {
    const base = start({
      dealer: 2,
      hands: [['2S', '3S'], ['9H', '10C'], []],
      stock: [],
      won: [4, 5, 6],
    });
    const { state, events } = playAll(base, [
      [0, { t: 'flaunt', cards: ids(base, 0, '2S 3S') }],
      [1, { t: 'decline' }], // seat 2 holds nothing: only seat 1 is asked
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'flaunted',
      'answered',
      'won',
      'collected',
      'roundOver',
    ]);
    expect(events).toContainEqual({ type: 'collected', seat: 1, count: 2 });
    expect(state.won.map((w) => w.length)).toEqual([4 + 2, 5 + 2, 6]);
    expect(state.hands.every((h) => h.length === 0)).toBe(true);
    expect(state.phase).toBe('roundOver');
    expect(state.points).toEqual([6, 7, 6]);
    expect(sneak.view(state, 0).collected).toEqual({ seat: 1, count: 2 });
  });

  it('SN-12: a round in which nobody holds a card when the stock runs out ends at once', () => {
    const base = start({ dealer: 1, hands: [['2S'], ['3S']], stock: [] });
    const { state, events } = playAll(base, [
      [0, { t: 'flaunt', cards: ids(base, 0, '2S') }],
      [1, { t: 'challenge', cards: ids(base, 1, '3S') }],
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'flaunted',
      'answered',
      'revealed',
      'won',
      'roundOver',
    ]);
    expect(state.phase).toBe('roundOver');
    expect(state.points).toEqual([0, 2]);
  });
});

describe('SN-13: score and game', () => {
  it('SN-13: one point per card won; the round waits for any seat to start the next one', () => {
    const base = start({
      dealer: 2,
      hands: [['2S'], [], []],
      stock: [],
      won: [10, 20, 22],
      totals: [1, 2, 3],
    });
    expect(base.phase).toBe('roundOver');
    expect(base.points).toEqual([1 + 11, 2 + 20, 3 + 22]);
    expect(sneak.toMove(base)).toEqual([0, 1, 2]);
    for (const seat of [0, 1, 2])
      expect(sneak.legalMoves(base, seat)).toEqual([{ t: 'nextRound' }]);
    const { state, events } = play(base, 1, { t: 'nextRound' });
    expect(events).toEqual([{ type: 'dealt', round: 2, dealer: 0, packs: 1 }]);
    expect(refused(state, 0, { t: 'nextRound' })).toBe('wrong-phase');
  });

  it('SN-13: the deal passes left, and everyone starts the new round with a draw', () => {
    const base = start({ dealer: 2, hands: [['2S'], [], []], stock: [] });
    const state = play(base, 0, { t: 'nextRound' }).state;
    expect(state.dealer).toBe(0);
    expect(state.round).toBe(2);
    expect(state.stock).toHaveLength(52);
    expect(state.won.every((w) => w.length === 0)).toBe(true);
    expect(sneak.toMove(state)).toEqual([1]);
    expect(sneak.legalMoves(state, 1)).toEqual([{ t: 'draw' }]);
    expect(state.fresh).toEqual([true, true, true]);
    expect(state.points).toEqual([1, 0, 0]);
  });

  it('SN-13: the game ends at the first round end at which a total reaches the target', () => {
    const base = start({
      dealer: 1,
      hands: [['2S'], []],
      stock: [],
      won: [5, 3],
      totals: [94, 98],
    });
    expect(base.phase).toBe('gameOver');
    expect(sneak.result(base)).toEqual({ over: true, totals: [100, 101], winners: [1] });
    expect(sneak.toMove(base)).toEqual([]);
    expect(sneak.legalMoves(base, 0)).toEqual([]);
    expect(refused(base, 0, { t: 'nextRound' })).toBe('game-over');
  });

  it('SN-13: equal highest totals share the win', () => {
    const base = start({
      dealer: 2,
      hands: [[], [], []],
      stock: [],
      won: [10, 10, 5],
      totals: [95, 95, 99],
    });
    expect(sneak.result(base)).toMatchObject({
      over: true,
      winners: [0, 1],
      totals: [105, 105, 104],
    });
  });

  it('SN-13: 200 points with two packs, or the table’s target', () => {
    const twoPacks = start(
      { dealer: 4, hands: [[], [], [], [], []], stock: [], won: [150] },
      { packs: 2 },
    );
    expect(twoPacks.phase).toBe('roundOver');
    const low = start({ dealer: 1, hands: [[], []], stock: [], won: [50] }, { target: 50 });
    expect(low.phase).toBe('gameOver');
  });

  it('SN-13: the winners and totals are in every view', () => {
    const base = start({
      dealer: 1,
      hands: [['2S'], []],
      stock: [],
      won: [5, 3],
      totals: [94, 98],
    });
    const v: View = sneak.view(base, null);
    expect(v.phase).toBe('gameOver');
    expect(v.winners).toEqual([1]);
    expect(v.totals).toEqual([100, 101]);
  });
});
