/** Every HH ruling, each with a scenario that shows it. */
import { describe, expect, it } from 'vitest';
import { leftOf } from '../../../shared/engine/seats.ts';
import type { State } from '../../../shared/games/hulahoo/types.ts';
import {
  chaos,
  config,
  game,
  idOf,
  ok,
  play,
  playableValues,
  refused,
  scenario,
} from './helpers.ts';

const allCards = (s: State) => [...s.stock, ...s.discard, ...s.hands.flat(), ...s.faceUp.flat()];

/** Plays a fresh game until the first swap decisions are done (everyone keeps their cards). */
function skipSwaps(state: State): State {
  let s = state;
  while (s.phase === 'swap') s = ok(game.apply(s, s.turn, { t: 'swap', cards: [] })).state;
  return s;
}

describe('Hula-Hoo! rulings', () => {
  it('HH-1: the deck has 84 cards, six of each value but 7, and twelve jokers', () => {
    const cards = allCards(game.setup(config(), 4, 'deck'));
    expect(cards).toHaveLength(84);
    expect(new Set(cards.map((c) => c.id)).size).toBe(84);
    for (let v = 1; v <= 13; v++) {
      expect(cards.filter((c) => c.v === v)).toHaveLength(v === 7 ? 12 : 6);
    }
  });

  it('HH-2: each player gets 5 hidden hand cards and 5 face-up cards; the rest is the draw pile', () => {
    for (const players of [2, 6]) {
      const s = game.setup(config(), players, `deal-${players}`);
      for (let p = 0; p < players; p++) {
        expect(s.hands[p]).toHaveLength(5);
        expect(s.faceUp[p]).toHaveLength(5);
      }
      expect(s.stock).toHaveLength(84 - 10 * players);
      const view = game.view(s, 1);
      expect(view.players[0]!.hand).toEqual(Array(5).fill({ hidden: true }));
      expect(view.players[0]!.faceUp).toEqual(s.faceUp[0]!);
      expect(view.stock).toBe(84 - 10 * players);
    }
  });

  it('HH-2, HH-15: the same seed deals the same cards, another seed others', () => {
    const a = game.setup(config(), 4, 'same');
    expect(game.setup(config(), 4, 'same')).toEqual(a);
    expect(game.setup(config(), 4, 'other').hands).not.toEqual(a.hands);
  });

  it('HH-3: in seat order from the dealer’s left, each player swaps 0–3 face-up cards once', () => {
    const s = game.setup(config({ firstDealer: 2 }), 4, 'swap');
    expect(s.phase).toBe('swap');
    expect(game.toMove(s)).toEqual([3]);
    const chosen = s.faceUp[3]!.slice(0, 2);
    const top = s.stock.slice(-2).reverse(); // the top of the pile is the end of the array
    const r = ok(game.apply(s, 3, { t: 'swap', cards: chosen.map((c) => c.id) }));
    // The chosen cards go to the bottom of the pile, as many come face up from the top.
    expect(r.state.faceUp[3]!).toEqual([...top, ...s.faceUp[3]!.slice(2)]);
    expect(r.state.stock.slice(0, 2)).toEqual(chosen);
    expect(r.state.stock).toHaveLength(s.stock.length);
    expect(r.events).toEqual([{ type: 'swapped', seat: 3, returned: chosen, received: top }]);
    expect(game.toMove(r.state)).toEqual([0]);
    // One decision each: then 0, 1 and the dealer last, and the dealer's left neighbour leads.
    let t = r.state;
    for (const seat of [0, 1, 2]) {
      expect(game.legalMoves(t, seat)).toHaveLength(1 + 5 + 10 + 10);
      t = ok(game.apply(t, seat, { t: 'swap', cards: [] })).state;
    }
    expect(t.phase).toBe('play');
    expect(game.toMove(t)).toEqual([3]);
  });

  it('HH-3: the cards swapped under the pile stay public while in it, the same for every viewer', () => {
    const s = game.setup(config({ firstDealer: 2 }), 4, 'swap');
    expect(game.view(s, null).returned).toEqual([]);
    const first = s.faceUp[3]!.slice(0, 2);
    const a = ok(game.apply(s, 3, { t: 'swap', cards: first.map((c) => c.id) })).state;
    const second = a.faceUp[0]!.slice(1, 2);
    const b = ok(game.apply(a, 0, { t: 'swap', cards: second.map((c) => c.id) })).state;
    // Bottom first: the later swap's card went under the earlier ones.
    for (const viewer of [null, 0, 1, 2, 3]) {
      expect(game.view(b, viewer).returned).toEqual([...second, ...first]);
    }
    // Drawn last: a pile drawn down to them holds only those not yet drawn.
    const low = { ...b, stock: b.stock.slice(0, 2) };
    expect(game.view(low, 1).returned).toEqual([second[0], first[0]]);
  });

  it('HH-3: more than three cards, or cards not face up in front of you, cannot be swapped', () => {
    const s = game.setup(config(), 3, 'swap-limits');
    const seat = s.turn;
    refused(
      game.apply(s, seat, { t: 'swap', cards: s.faceUp[seat]!.slice(0, 4).map((c) => c.id) }),
      'too-many',
    );
    refused(game.apply(s, seat, { t: 'swap', cards: [s.hands[seat]![0]!.id] }), 'unknown-card');
    refused(game.apply(s, leftOf(seat, 3), { t: 'swap', cards: [] }), 'not-your-turn');
  });

  it('HH-4: comparisons are strict and an equal card is a double', () => {
    const s = scenario({
      hands: [
        [9, 1],
        [8, 9, 10, 2],
      ],
    });
    expect(playableValues(play(s, 9, 'higher').state)).toEqual([9, 10]);
    expect(playableValues(play(s, 9, 'lower').state)).toEqual([2, 8, 9]);
  });

  it('HH-4: after a joker the reference value is 7', () => {
    const s = scenario({
      hands: [
        [7, 1],
        [6, 8, 13, 1],
      ],
    });
    expect(playableValues(play(s, 7, 'higher').state)).toEqual([8, 13]);
    expect(playableValues(play(s, 7, 'lower').state)).toEqual([1, 6]);
  });

  it('HH-5: a joker is legal on every call, also during a double', () => {
    const s = scenario({
      hands: [
        [5, 1],
        [5, 2],
        [7, 12],
      ],
      stock: [3, 3],
    });
    let state = play(s, 5, 'higher').state;
    state = play(state, 5).state;
    expect(state.call).toBe('double');
    expect(playableValues(state)).toEqual([7]);
    const r = play(state, 7, 'lower');
    expect(r.state.call).toBe('lower');
    expect(r.events.some((e) => e.type === 'drew')).toBe(false);
  });

  it('HH-5: a joker on a joker is no double: no draw, and a new call', () => {
    const s = scenario({
      hands: [
        [7, 1],
        [7, 2],
      ],
      stock: [3],
    });
    const state = play(s, 7, 'higher').state;
    const moves = game
      .legalMoves(state, 1)
      .filter((m) => m.t === 'play' && m.card === idOf(state, 1, 7));
    expect(moves).toEqual([
      { t: 'play', card: idOf(state, 1, 7), call: 'higher' },
      { t: 'play', card: idOf(state, 1, 7), call: 'lower' },
    ]);
    const r = play(state, 7, 'lower');
    expect(r.state.call).toBe('lower');
    expect(r.state.stock).toHaveLength(1);
  });

  it('HH-6: leading allows any card with a call', () => {
    const s = scenario({ hands: [[1, 7, 13], [2]] });
    expect(game.legalMoves(s, 0)).toHaveLength(6);
    refused(game.apply(s, 0, { t: 'play', card: idOf(s, 0, 13) }), 'call-required');
  });

  it('HH-6: a double draws one card, takes no call, and binds the next player', () => {
    const s = scenario({
      hands: [
        [6, 1],
        [6, 2],
        [5, 6, 7, 8, 9],
      ],
      stock: [11, 12],
    });
    let r = play(s, 6, 'higher');
    refused(
      game.apply(r.state, 1, { t: 'play', card: idOf(r.state, 1, 6), call: 'higher' }),
      'no-call-on-double',
    );
    r = play(r.state, 6);
    expect(r.state.hands[1]!.map((c) => c.v)).toEqual([2, 11]);
    expect(r.events).toContainEqual({ type: 'drew', seat: 1, count: 1 });
    expect(game.view(r.state, 0).players[1]!.hand).toEqual([{ hidden: true }, { hidden: true }]);
    // Under a double on 6: another 6 (goes on), a 5 or 7 (cancels), or a joker, nothing else.
    expect(playableValues(r.state)).toEqual([5, 6, 7]);
    refused(
      game.apply(r.state, 2, { t: 'play', card: idOf(r.state, 2, 9), call: 'higher' }),
      'must-double-or-cancel',
    );
    const cancel = play(r.state, 5, 'lower');
    expect(cancel.state.call).toBe('lower');
    expect(cancel.events.some((e) => e.type === 'drew')).toBe(false);
  });

  it('HH-7: 13 with "higher" is a legal call; the next player must double or play a joker', () => {
    const s = scenario({
      hands: [
        [13, 1],
        [13, 7, 12, 1],
      ],
      stock: [2],
    });
    const state = play(s, 13, 'higher').state;
    expect(playableValues(state)).toEqual([7, 13]);
  });

  it('HH-7: 1 with "lower" is a legal call; the next player must double or play a joker', () => {
    const s = scenario({
      hands: [
        [1, 5],
        [1, 7, 2, 13],
      ],
      stock: [2],
    });
    const state = play(s, 1, 'lower').state;
    expect(playableValues(state)).toEqual([1, 7]);
  });

  it('HH-8: a player with no legal play is out at once, hand shown, and the call passes on', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [12, 1],
        [2, 3, 4],
        [13, 5],
      ],
      faceUp: [[], [11], []],
    });
    const r = play(s, 12, 'higher');
    expect(r.events).toContainEqual({ type: 'eliminated', seat: 1, hand: s.hands[1] });
    expect(r.state.out).toEqual([false, true, false]);
    expect(r.state.turn).toBe(2);
    expect(r.state.call).toBe('higher');
    expect(game.view(r.state, 2).players[1]!.hand).toEqual(s.hands[1]!);
    expect(game.view(r.state, null).players[1]!.hand).toEqual(s.hands[1]!);
    // Out players are skipped from then on.
    const next = play(r.state, 13, 'lower');
    expect(next.state.turn).toBe(0);
  });

  it('HH-8: passing is never a move', () => {
    const s = scenario({
      hands: [
        [5, 1],
        [6, 2],
      ],
    });
    refused(game.apply(s, 0, { t: 'pass' }), 'malformed-move');
  });

  it('HH-9: the last card may not be a joker, face-up or in hand', () => {
    for (const where of ['hands', 'faceUp'] as const) {
      const hands = where === 'hands' ? [[7], [2, 3]] : [[], [2, 3]];
      const faceUp = where === 'faceUp' ? [[7], []] : [[], []];
      const s = scenario({ dealer: 1, hands, faceUp, stock: [] });
      // The lone joker holder has no legal play and is out at once: seat 1 wins the round.
      expect(s.out[0]).toBe(true);
      expect(s.phase).toBe('roundOver');
      expect(s.roundWinner).toBe(1);
    }
  });

  it('HH-9: a joker may be played while other cards remain, then the last card may not be one', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [7, 7],
        [9, 11, 1],
        [10, 2],
      ],
    });
    const r = play(s, 7, 'higher');
    expect(r.state.hands[0]).toHaveLength(1);
    const lastJoker = r.state.hands[0]![0]!.id;
    let t = play(r.state, 9, 'higher').state;
    t = play(t, 10, 'higher').state; // seat 0 now holds only a joker: out at once
    expect(t.out[0]).toBe(true);
    expect(t.turn).toBe(1);
    expect(playableValues(t)).toEqual([11]);
    refused(game.apply(t, 0, { t: 'play', card: lastJoker, call: 'higher' }), 'not-your-turn');
  });

  it('HH-9: trying to go out on a joker is refused with its own reason', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [3, 4],
        [7, 2, 1],
        [8, 9],
      ],
    });
    const state = play(s, 3, 'higher').state;
    // Seat 1 has a joker and other cards, so may play it; build a seat whose last card is a joker.
    const joker = state.hands[1]!.filter((c) => c.v === 7);
    const lone: State = { ...state, hands: [state.hands[0]!, joker, state.hands[2]!] };
    refused(
      game.apply(lone, 1, { t: 'play', card: lone.hands[1]![0]!.id, call: 'higher' }),
      'last-card-joker',
    );
  });

  it('HH-10: a player whose play empties hand and face-up cards wins the round at once', () => {
    const s = scenario({ dealer: 2, hands: [[4], [5, 9], [3, 8]], faceUp: [[3], [], []] });
    let r = play(s, 3, 'higher'); // from the face-up cards
    r = play(r.state, 5, 'lower');
    r = play(r.state, 3, 'higher');
    r = play(r.state, 4, 'lower'); // seat 0's last card
    expect(r.state.phase).toBe('roundOver');
    expect(r.events).toContainEqual({ type: 'roundWon', seat: 0, points: 4, how: 'out' });
  });

  it('HH-10: a double with cards in the draw pile never empties a hand', () => {
    const s = scenario({ dealer: 1, hands: [[8, 9, 1], [8]], stock: [12] });
    const r = play(play(s, 8, 'lower').state, 8);
    expect(r.state.phase).toBe('play');
    expect(r.state.hands[1]!.map((c) => c.v)).toEqual([12]);
  });

  it('HH-11: with an empty draw pile a double draws nothing, and may even go out', () => {
    const s = scenario({ dealer: 2, hands: [[8, 1], [8, 2], [8]], stock: [] });
    let r = play(s, 8, 'lower');
    r = play(r.state, 8);
    expect(r.events).not.toContainEqual(expect.objectContaining({ type: 'drew' }));
    expect(r.state.hands[1]).toHaveLength(1);
    r = play(r.state, 8);
    expect(r.state.phase).toBe('roundOver');
    expect(r.events).toContainEqual({ type: 'roundWon', seat: 2, points: 3, how: 'out' });
  });

  it('HH-11: the discard pile is never reshuffled into the draw pile', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [8, 1, 2],
        [8, 3],
        [8, 9],
      ],
      stock: [],
    });
    let r = play(s, 8, 'lower');
    r = play(r.state, 8);
    expect(r.state.stock).toHaveLength(0);
    expect(r.state.discard).toHaveLength(2);
  });

  it('HH-12: the last player in the round wins, even straight after a joker', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [7, 5],
        [9, 10],
        [11, 12],
      ],
    });
    const r = play(s, 7, 'lower'); // nobody else can go lower than 7 or play a joker
    expect(r.state.out).toEqual([false, true, true]);
    expect(r.state.roundWinner).toBe(0);
    expect(r.events.filter((e) => e.type === 'eliminated').map((e) => e.seat)).toEqual([1, 2]);
    expect(r.events.at(-1)).toEqual({ type: 'roundWon', seat: 0, points: 1, how: 'last' });
  });

  it('HH-13: the winner scores one point per card in the discard pile, nobody else scores', () => {
    const s = scenario({
      dealer: 1,
      hands: [
        [3, 5, 9],
        [4, 8, 1],
      ],
      totals: [10, 20],
    });
    let r = play(s, 3, 'higher');
    r = play(r.state, 4, 'higher');
    r = play(r.state, 5, 'higher');
    r = play(r.state, 8, 'higher');
    r = play(r.state, 9, 'higher'); // seat 0 goes out on the fifth card
    expect(r.state.points).toEqual([15, 20]);
    expect(game.view(r.state, 1).history).toEqual([[5, 0]]);
    expect(game.result(r.state)).toEqual({ over: false, totals: [15, 20], winners: [] });
  });

  it('HH-14: the winner deals the next round; the player to the winner’s left swaps first and leads', () => {
    const s = scenario({ dealer: 2, hands: [[2, 3], [5], [9]] });
    const won = play(s, 2, 'higher').state; // seat 1 plays its 5 and goes out
    const out = play(won, 5, 'higher').state;
    expect(out.roundWinner).toBe(1);
    expect(game.toMove(out)).toEqual([0, 1, 2]);
    expect(game.legalMoves(out, 2)).toEqual([{ t: 'nextRound' }]);
    const r = ok(game.apply(out, 2, { t: 'nextRound' }));
    expect(r.state.dealer).toBe(1);
    expect(r.state.round).toBe(2);
    expect(r.state.phase).toBe('swap');
    expect(game.toMove(r.state)).toEqual([2]);
    expect(skipSwaps(r.state).turn).toBe(2);
    expect(allCards(r.state)).toHaveLength(84);
    // Only the first nextRound counts.
    refused(game.apply(r.state, 0, { t: 'nextRound' }), 'wrong-phase');
  });

  it('HH-14: the first round is dealt by seat 0 unless the table says otherwise; seat 1 leads', () => {
    expect(game.toMove(game.setup(config(), 3, 'first'))).toEqual([1]);
    expect(game.toMove(game.setup(config({ firstDealer: 1 }), 3, 'first'))).toEqual([2]);
  });

  it('HH-15: by default the first to 77 points or more wins the game', () => {
    const s = scenario({
      dealer: 1,
      hands: [
        [3, 9],
        [4, 1],
      ],
      totals: [75, 76],
    });
    let r = play(s, 3, 'higher');
    r = play(r.state, 4, 'higher');
    r = play(r.state, 9, 'higher');
    expect(r.state.phase).toBe('gameOver');
    expect(game.result(r.state)).toEqual({ over: true, totals: [78, 76], winners: [0] });
    expect(r.events.at(-1)).toEqual({ type: 'gameOver', winners: [0] });
    expect(game.toMove(r.state)).toEqual([]);
    expect(game.legalMoves(r.state, 0)).toEqual([]);
    refused(game.apply(r.state, 0, { t: 'nextRound' }), 'game-over');
  });

  it('HH-15: with the round-wins goal the first to win 3 rounds wins the game', () => {
    const cfg = config({ goal: { kind: 'wins', wins: 3, consecutive: false } });
    const s = scenario({ dealer: 1, hands: [[3], [4, 1]], totals: [2, 2] }, cfg);
    const r = play(s, 3, 'higher');
    expect(game.result(r.state)).toEqual({ over: true, totals: [3, 2], winners: [0] });
    expect(r.state.points).toEqual([1, 0]);
  });

  it('HH-15: with "in a row", 3 wins count only if nobody else won between them', () => {
    const cfg = config({ goal: { kind: 'wins', wins: 3, consecutive: true } });
    const base = scenario({ dealer: 1, hands: [[3], [4, 1]], totals: [2, 2] }, cfg);
    const broken = play({ ...base, streak: { seat: 1, count: 2 } }, 3, 'higher').state;
    expect(broken.phase).toBe('roundOver');
    expect(broken.streak).toEqual({ seat: 0, count: 1 });
    const run = play({ ...base, streak: { seat: 0, count: 2 } }, 3, 'higher').state;
    expect(game.result(run)).toEqual({ over: true, totals: [3, 2], winners: [0] });
  });

  it('HH-16a: with chooseFaceUp all 10 cards go to the hand and everyone picks 5 at once, sealed', () => {
    const s = game.setup(chaos({ chooseFaceUp: true }), 3, 'pick');
    expect(s.phase).toBe('place');
    expect(s.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(game.toMove(s)).toEqual([0, 1, 2]);
    // 252 ways to lay 5 of 10 cards: one stand-in stands for them all (CONTRACT §1).
    expect(game.legalMoves(s, 0)).toEqual([{ t: 'place', cards: [], count: 5 }]);
    expect(game.view(s, 1).legal).toEqual([{ t: 'place', cards: [], count: 5 }]);
    const pick = (seat: number) => s.hands[seat]!.slice(0, 5).map((c) => c.id);
    // The stand-in filled with real ids is taken as it stands, and so are the ids alone.
    const filled = { t: 'place', cards: pick(2), count: 5 };
    let state = ok(game.apply(s, 2, filled)).state;
    expect(ok(game.apply(s, 2, { t: 'place', cards: pick(2) })).state).toEqual(state);
    refused(game.apply(s, 1, { t: 'place', cards: pick(1), count: 4 }), 'count-mismatch');
    refused(game.apply(s, 1, { t: 'place', cards: pick(1), count: 'five' }), 'malformed-move');
    // The pick stays sealed: the others still see ten hidden cards and no face-up ones.
    expect(game.view(state, 0).players[2]).toMatchObject({ faceUp: [], picked: true });
    expect(game.view(state, 0).players[2]!.hand).toHaveLength(10);
    expect(game.view(state, 2).players[2]!.faceUp.map((c) => c.id)).toEqual(pick(2));
    expect(game.toMove(state)).toEqual([0, 1]);
    refused(game.apply(state, 2, { t: 'place', cards: pick(2) }), 'already-picked');
    refused(game.apply(state, 0, { t: 'place', cards: pick(0).slice(0, 4) }), 'wrong-count');
    refused(game.apply(state, 0, { t: 'place', cards: pick(1) }), 'unknown-card');
    state = ok(game.apply(state, 0, { t: 'place', cards: pick(0) })).state;
    const r = ok(game.apply(state, 1, { t: 'place', cards: pick(1) }));
    expect(r.events).toContainEqual({ type: 'faceUpRevealed' });
    for (const seat of [0, 1, 2]) {
      expect(r.state.faceUp[seat]!.map((c) => c.id)).toEqual(pick(seat));
      expect(r.state.hands[seat]).toHaveLength(5);
    }
    expect(r.state.phase).toBe('swap'); // the other chaos rules stay off
  });

  it('HH-16b: with noSwap the dealer’s left neighbour leads straight after the deal', () => {
    const s = game.setup(chaos({ noSwap: true }), 4, 'noswap');
    expect(s.phase).toBe('play');
    expect(game.toMove(s)).toEqual([1]);
    refused(game.apply(s, 1, { t: 'swap', cards: [] }), 'wrong-phase');
    const both = game.setup(chaos({ noSwap: true, chooseFaceUp: true }), 2, 'both');
    const placed = [0, 1].reduce(
      (st, seat) =>
        ok(game.apply(st, seat, { t: 'place', cards: st.hands[seat]!.slice(5).map((c) => c.id) }))
          .state,
      both,
    );
    expect(placed.phase).toBe('play');
  });

  it('HH-16c: with chooseTarget every play names an opponent still in, who moves next', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario(
      {
        dealer: 3,
        hands: [
          [5, 1],
          [6, 2],
          [9, 3],
          [10, 4],
        ],
      },
      cfg,
    );
    refused(game.apply(s, 0, { t: 'play', card: idOf(s, 0, 5), call: 'higher' }), 'bad-target');
    refused(
      game.apply(s, 0, { t: 'play', card: idOf(s, 0, 5), call: 'higher', target: 0 }),
      'bad-target',
    );
    expect(game.legalMoves(s, 0)).toHaveLength(2 * 2 * 3);
    const r = play(s, 5, 'higher', 2);
    expect(r.state.turn).toBe(2);
    expect(r.events[0]).toMatchObject({ type: 'played', seat: 0, target: 2 });
    // The one who just played to you may be named back.
    expect(play(r.state, 9, 'lower', 0).state.turn).toBe(0);
  });

  it('HH-16c: when the named player is out, the caller names another and may switch the call', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario(
      {
        dealer: 3,
        hands: [
          [12, 1],
          [2, 3],
          [13, 1],
          [11, 4],
        ],
      },
      cfg,
    );
    const r = play(s, 12, 'higher', 1); // seat 1 has nothing above 12: out
    expect(r.state.out[1]).toBe(true);
    expect(r.state.phase).toBe('retarget');
    expect(game.toMove(r.state)).toEqual([0]);
    expect(game.legalMoves(r.state, 0)).toEqual([
      { t: 'retarget', target: 2, call: 'higher' },
      { t: 'retarget', target: 2, call: 'lower' },
      { t: 'retarget', target: 3, call: 'higher' },
      { t: 'retarget', target: 3, call: 'lower' },
    ]);
    refused(
      game.apply(r.state, 0, { t: 'play', card: idOf(r.state, 0, 1), call: 'lower', target: 2 }),
      'must-retarget',
    );
    refused(game.apply(r.state, 0, { t: 'retarget', target: 1, call: 'lower' }), 'bad-target');
    const switched = ok(game.apply(r.state, 0, { t: 'retarget', target: 3, call: 'lower' }));
    expect(switched.state.call).toBe('lower');
    expect(switched.state.turn).toBe(3);
    expect(switched.events).toEqual([{ type: 'retargeted', seat: 0, target: 3, call: 'lower' }]);
  });

  it('HH-16c: a double stays a double when the caller names a new target', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario(
      {
        dealer: 2,
        hands: [
          [6, 5, 1],
          [6, 2],
          [12, 13],
        ],
        stock: [9, 9],
      },
      cfg,
    );
    let r = play(s, 6, 'higher', 1);
    r = play(r.state, 6, undefined, 2); // seat 2 cannot answer a double 6: out
    expect(r.state.phase).toBe('retarget');
    expect(r.state.turn).toBe(1);
    expect(game.legalMoves(r.state, 1)).toEqual([{ t: 'retarget', target: 0 }]);
    refused(
      game.apply(r.state, 1, { t: 'retarget', target: 0, call: 'higher' }),
      'no-call-on-double',
    );
    const t = ok(game.apply(r.state, 1, { t: 'retarget', target: 0 }));
    expect(t.state.call).toBe('double');
    expect(t.state.turn).toBe(0);
  });

  it('HH-16c: if the caller is the only one left, the caller wins', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario(
      {
        dealer: 1,
        hands: [
          [12, 1],
          [2, 3],
        ],
      },
      cfg,
    );
    const r = play(s, 12, 'higher', 1);
    expect(r.state.phase).toBe('roundOver');
    expect(r.state.roundWinner).toBe(0);
  });

  it('HH-16: chaos rules are off by default and each can be switched on alone', () => {
    expect(game.defaultConfig(4).chaos).toEqual({
      chooseFaceUp: false,
      noSwap: false,
      chooseTarget: false,
    });
    const only = (rule: string) => game.parseConfig({ chaos: { [rule]: true } }, 4);
    for (const rule of ['chooseFaceUp', 'noSwap', 'chooseTarget']) {
      const parsed = only(rule);
      expect(parsed.ok && Object.entries(parsed.config.chaos).filter(([, on]) => on)).toEqual([
        [rule, true],
      ]);
    }
  });

  it('HH-17: hands are seen by their owner only and the draw pile by nobody; the rest is public', () => {
    const s = skipSwaps(game.setup(config(), 3, 'hidden'));
    for (const you of [0, 1, 2, null]) {
      const view = game.view(s, you);
      expect(view.you).toBe(you);
      expect(view.stock).toBe(s.stock.length);
      expect(JSON.stringify(view)).not.toContain('rng');
      for (let seat = 0; seat < 3; seat++) {
        const hand = view.players[seat]!.hand;
        if (seat === you) expect(hand).toEqual(s.hands[seat]);
        else expect(hand).toEqual(s.hands[seat]!.map(() => ({ hidden: true })));
        expect(view.players[seat]!.faceUp).toEqual(s.faceUp[seat]!);
      }
      for (const card of s.stock) expect(JSON.stringify(view)).not.toContain(`"${card.id}"`);
      expect(view.legal).toEqual(you === null ? [] : game.legalMoves(s, you));
    }
  });
});
