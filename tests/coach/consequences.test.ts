/**
 * What a turning point's move led to, in the game as it was played: for each game, the first
 * thing of note that befell the seat after the move, up to the round's end, and nothing where the
 * record ends before anything did.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consequenceOf } from '../../shared/coach/consequence/index.ts';
import { replayGame } from '../../shared/engine/replay.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId } from '../../shared/engine/types.ts';
import type { State as HulaState } from '../../shared/games/hulahoo/types.ts';
import type { State as SneakState } from '../../shared/games/sneak/types.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { games } from '../table/support.ts';
import { recordFrom } from './support.ts';

afterEach(() => vi.restoreAllMocks());

/** What `seat`'s move number `step` of the game dealt `deal` and played `moves` led to. */
function ledTo(id: GameId, deal: RoundState, moves: GameRecord['moves'], step: number) {
  const record = recordFrom(id, deal, moves);
  const steps = replayGame(games[id], record);
  return consequenceOf(id, steps, step, moves[step]!.seat);
}

describe('Hula-Hoo!', () => {
  /** Two players, one round won is the game; seat 0 leads (its dealer is seat 1). */
  const dealt = (hands: number[][]) => {
    const config = games.hulahoo.parseConfig({ goal: { kind: 'wins', wins: 1 } }, 2);
    if (!config.ok) throw new Error(config.error.message);
    const deal: HulaState = games.hulahoo.fromScenario(config.config, {
      dealer: 1,
      hands,
      faceUp: [[], []],
      stock: [2, 3, 4, 6, 8, 10, 11, 12, 13],
    });
    const play = (seat: number, v: number, call: 'higher' | 'lower') => ({
      seat,
      move: { t: 'play', card: deal.hands[seat]!.find((c) => c.v === v)!.id, call },
    });
    return { deal, play };
  };

  it('tells a drop-out by how many of the seat’s turns later it came', () => {
    // Seat 0 climbs to the 11 and is left with a joker alone, which it may not play last (HH-9).
    const { deal, play } = dealt([
      [9, 11, 7],
      [10, 12, 2, 3],
    ]);
    const moves = [play(0, 9, 'higher'), play(1, 10, 'higher'), play(0, 11, 'higher')];
    moves.push(play(1, 12, 'higher'));
    expect(ledTo('hulahoo', deal, moves, 0)).toEqual({ kind: 'hh.out', turns: 2 });
    expect(ledTo('hulahoo', deal, moves, 2)).toEqual({ kind: 'hh.out', turns: 1 });
    // The other seat is then the last one in (HH-12), with the four cards played.
    expect(ledTo('hulahoo', deal, moves, 1)).toEqual({ kind: 'hh.wonLast', points: 4 });
  });

  it('tells a round won with the last card, and the same round lost by the other seat', () => {
    const { deal, play } = dealt([
      [9, 4],
      [10, 5, 6],
    ]);
    const moves = [play(0, 9, 'higher'), play(1, 10, 'lower'), play(0, 4, 'lower')];
    expect(ledTo('hulahoo', deal, moves, 0)).toEqual({ kind: 'hh.wonOut', points: 3 });
    expect(ledTo('hulahoo', deal, moves, 1)).toEqual({ kind: 'hh.lost', winner: 0, points: 3 });
  });

  it('tells nothing where the record ends before anything befell the seat', () => {
    const { deal, play } = dealt([
      [9, 4],
      [10, 5, 6],
    ]);
    expect(ledTo('hulahoo', deal, [play(0, 9, 'higher'), play(1, 10, 'lower')], 0)).toBeNull();
  });
});

describe('HiLO', () => {
  /** Nine cards of one value in eight colours and a ninth of the next value: no line of one colour. */
  const layout = (v: number, up: (i: number) => boolean) =>
    Array.from({ length: 9 }, (_, i) => ({ v: i < 8 ? v : v + 1, c: i % 8, up: up(i) }));

  it('tells the round’s end with the sum, doubled for the seat that ended it without the lowest (HL-12)', () => {
    // Seat 0 has one card face down; seat 1's layout sums to −8.
    const deal = games.hilo.fromScenario(games.hilo.defaultConfig(2), {
      dealer: 1,
      start: 0,
      layouts: [layout(1, (i) => i < 8), layout(-1, (i) => i < 2)],
      stock: [
        { v: 3, c: 1 },
        { v: 3, c: 2 },
      ],
      discard: [{ v: 4, c: 4 }],
    });
    const moves = [
      { seat: 0, move: { t: 'draw' } },
      // Turning up the last card ends the round: seat 1 has one more turn (HL-11).
      { seat: 0, move: { t: 'discard', flip: { row: 2, col: 2 } } },
      { seat: 1, move: { t: 'draw' } },
      { seat: 1, move: { t: 'discard', flip: { row: 0, col: 2 } } },
    ];
    expect(ledTo('hilo', deal, moves, 0)).toEqual({ kind: 'hl.doubled', sum: 10, score: 20 });
    expect(ledTo('hilo', deal, moves, 2)).toEqual({ kind: 'hl.round', sum: -8 });
  });

  it('tells a HILO the seat removed after the move, and nothing after the removal itself', () => {
    // Two cards of colour 3 in the top row, a third on the discard pile to complete the line.
    const cells = layout(5, (i) => i !== 2);
    cells[0] = { v: 1, c: 3, up: true };
    cells[1] = { v: 2, c: 3, up: true };
    const deal = games.hilo.fromScenario(games.hilo.defaultConfig(2), {
      dealer: 1,
      start: 0,
      layouts: [cells, layout(-1, (i) => i < 2)],
      stock: [{ v: 3, c: 1 }],
      discard: [{ v: 0, c: 3 }],
    });
    const moves = [
      { seat: 0, move: { t: 'take', cell: { row: 0, col: 2 } } },
      { seat: 0, move: { t: 'hilo', line: { kind: 'row', index: 0 } } },
    ];
    expect(ledTo('hilo', deal, moves, 0)).toEqual({ kind: 'hl.hilo', turns: 0 });
    expect(ledTo('hilo', deal, moves, 1)).toBeNull();
  });
});

describe('Sneak', () => {
  /** Two players, seat 0 to move (its dealer is seat 1). */
  const dealt = (hands: string[][], stock: string[] = ['4C', '5C']) => {
    const deal: SneakState = games.sneak.fromScenario(games.sneak.defaultConfig(2), {
      dealer: 1,
      hands,
      stock,
    });
    const ids = (seat: number, ...cards: string[]) =>
      cards.map((card) => {
        const r = { J: 11, Q: 12, K: 13, A: 14 }[card.slice(0, -1)] ?? Number(card.slice(0, -1));
        return deal.hands[seat]!.find((c) => c.r === r && c.s === card.at(-1))!.id;
      });
    return { deal, ids };
  };

  it('tells an unchallenged sneak as cards won unseen, and an unchallenged flaunt as cards won', () => {
    const { deal, ids } = dealt([['2C', 'AS'], ['3D']]);
    const sneaked = [
      { seat: 0, move: { t: 'sneak', cards: ids(0, '2C') } },
      { seat: 1, move: { t: 'decline' } },
    ];
    expect(ledTo('sneak', deal, sneaked, 0)).toEqual({ kind: 'sn.wonUnseen', count: 1 });
    const flaunted = [
      { seat: 0, move: { t: 'flaunt', cards: ids(0, 'AS') } },
      { seat: 1, move: { t: 'decline' } },
    ];
    expect(ledTo('sneak', deal, flaunted, 0)).toEqual({ kind: 'sn.won', count: 1 });
  });

  it.each([
    {
      hands: [['2C', '3H'], ['KC']],
      leader: { kind: 'sn.leadLost', by: 1, count: 2 },
      challenger: { kind: 'sn.challengeWon', count: 2 },
    },
    // SN-8: a tie goes to the leader.
    {
      hands: [['9C', '3H'], ['9D']],
      leader: { kind: 'sn.leadHeld', count: 2 },
      challenger: { kind: 'sn.challengeLost', by: 0, count: 2 },
    },
  ])(
    'tells a challenged lead to its leader and its challenger: $leader.kind, $challenger.kind',
    ({ hands, leader, challenger }) => {
      const { deal, ids } = dealt(hands);
      const moves = [
        { seat: 0, move: { t: 'sneak', cards: ids(0, hands[0]![0]!) } },
        { seat: 1, move: { t: 'challenge', cards: ids(1, hands[1]![0]!) } },
      ];
      expect(ledTo('sneak', deal, moves, 0)).toEqual(leader);
      expect(ledTo('sneak', deal, moves, 1)).toEqual(challenger);
    },
  );

  it('passes over a contest the seat let pass, and tells the round’s points (SN-12, SN-13)', () => {
    // The stock is empty: seat 0 must flaunt its last card; seat 1 then keeps its two.
    const { deal, ids } = dealt([['2C'], ['3D', '4D']], []);
    const moves = [
      { seat: 0, move: { t: 'flaunt', cards: ids(0, '2C') } },
      { seat: 1, move: { t: 'decline' } },
    ];
    expect(ledTo('sneak', deal, moves, 1)).toEqual({ kind: 'sn.round', points: 2 });
  });

  it('tells nothing where the record ends before anything befell the seat', () => {
    const { deal, ids } = dealt([
      ['2C', '3H'],
      ['KC', 'QC'],
    ]);
    const moves = [
      { seat: 0, move: { t: 'draw' } },
      { seat: 1, move: { t: 'sneak', cards: ids(1, 'KC') } },
      { seat: 0, move: { t: 'decline' } },
    ];
    expect(ledTo('sneak', deal, moves, 0)).toBeNull();
    expect(ledTo('sneak', deal, moves, 2)).toBeNull();
  });
});
