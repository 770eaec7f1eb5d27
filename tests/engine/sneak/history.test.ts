import { describe, expect, it } from 'vitest';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { Move, State } from '../../../shared/games/sneak/types.ts';
import { ids, play, playAll, start } from './helpers.ts';

/** A legal move with real cards: a stand-in `{ cards: [], count: N }` takes the hand's first N. */
function concrete(state: State, seat: number, move: Move): Move {
  if ((move.t === 'sneak' || move.t === 'challenge') && move.cards.length === 0) {
    const n = move.count ?? 0;
    return { t: move.t, cards: state.hands[seat]!.slice(0, n).map((c) => c.id) };
  }
  return move;
}

describe('SN-13: the score sheet', () => {
  it('records each finished round’s cards won per seat, seen by every viewer', () => {
    const base = start({
      dealer: 2,
      hands: [['2S', '3S'], ['9H', '10C'], []],
      stock: [],
      won: [4, 5, 6],
    });
    expect(base.history).toEqual([]);
    const { state, events } = playAll(base, [
      [0, { t: 'flaunt', cards: ids(base, 0, '2S 3S') }],
      [1, { t: 'decline' }],
    ]);
    expect(state.phase).toBe('roundOver');
    expect(state.history).toEqual([[6, 7, 6]]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'roundOver', won: [6, 7, 6] }));
    for (const you of [null, 0, 1, 2]) expect(sneak.view(state, you).history).toEqual([[6, 7, 6]]);

    // The next round starts with the sheet as it was.
    const next = play(state, 2, { t: 'nextRound' }).state;
    expect(next.history).toEqual([[6, 7, 6]]);
    expect(sneak.view(next, 1).history).toEqual([[6, 7, 6]]);
  });

  it('starts empty and gains one row per round; its columns add up to the totals', () => {
    const config = sneak.defaultConfig(3);
    let state = sneak.setup(config, 3, 'history');
    expect(sneak.view(state, 0).history).toEqual([]);
    let rounds = 0;
    for (let step = 0; step < 20_000 && state.phase !== 'gameOver'; step++) {
      const seat = sneak.toMove(state)[0]!;
      const legal = sneak.legalMoves(state, seat);
      // Mostly draws and small leads, so that rounds run their course; always a legal move.
      const pick = legal[(step * 7) % legal.length]!;
      const before = state.phase;
      state = play(state, seat, concrete(state, seat, pick)).state;
      if (before !== 'roundOver' && (state.phase === 'roundOver' || state.phase === 'gameOver'))
        rounds++;
      expect(state.history).toHaveLength(rounds);
    }
    expect(state.phase).toBe('gameOver');
    expect(rounds).toBeGreaterThan(0);
    for (const row of state.history) expect(row.reduce((a, b) => a + b, 0)).toBe(52);
    const sums = [0, 1, 2].map((s) => state.history.reduce((a, row) => a + row[s]!, 0));
    expect(sums).toEqual(state.points);
    expect(sneak.view(state, null).history).toEqual(state.history);
  });
});
