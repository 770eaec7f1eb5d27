/** The score sheet: each finished round's scores, after doubling, in every view. */
import { describe, expect, it } from 'vitest';
import { hiloBot } from '../../../shared/games/hilo/bot.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { State } from '../../../shared/games/hilo/types.ts';
import { randomFrom } from '../support/properties.ts';
import { cell, mixed, play, run, stacked } from './helpers.ts';

/** Seat 0 ends the round with a sum of 10 (doubled to 20, HL-12); seat 1 scores 8. */
function firstRound(): State {
  const layout = mixed([1, 1, 1, 1, 1, 1, 1, 1, 11], true);
  layout[8]!.up = false;
  const s = stacked({
    layouts: [layout, mixed([1, 1, 1, 1, 1, 1, 1, 1, 0])],
    stock: 'p2 o11',
    discard: 'b6',
    start: 0,
  });
  return run(s, [
    [0, { t: 'draw' }],
    [0, { t: 'place', cell: cell(2, 2) }],
    [1, { t: 'draw' }],
    [1, { t: 'discard', flip: cell(0, 0) }],
  ]).state;
}

/** Bots play every seat until the round in progress is over. */
function playRound(state: State, seed: string): State {
  const random = randomFrom(seed);
  let s = state;
  for (let step = 0; s.phase !== 'roundOver' && s.phase !== 'gameOver'; step++) {
    if (step > 5000) throw new Error('the round did not end');
    const seat = hilo.toMove(s)[0]!;
    s = play(s, seat, hiloBot.choose(hilo.view(s, seat), random)).state;
  }
  return s;
}

describe('HiLO score sheet history', () => {
  it('starts empty', () => {
    const s = hilo.setup(hilo.defaultConfig(3), 3, 'history');
    expect(s.history).toEqual([]);
    expect(hilo.view(s, 0).history).toEqual([]);
  });

  it('records a finished round’s scores after doubling, for every viewer', () => {
    const over = firstRound();
    expect(over.phase).toBe('roundOver');
    expect(over.roundSums).toEqual([10, 8]);
    expect(over.history).toEqual([[20, 8]]);
    for (const viewer of [0, 1, null]) expect(hilo.view(over, viewer).history).toEqual([[20, 8]]);
  });

  it('keeps earlier rounds through the next deal and adds each new round in order', () => {
    const over = firstRound();
    const next = play(over, 1, { t: 'nextRound' }).state;
    expect(next.phase).toBe('opening');
    expect(next.history).toEqual([[20, 8]]);
    const second = playRound(next, 'history/2');
    expect(second.history).toHaveLength(2);
    expect(second.history[0]).toEqual([20, 8]);
    expect(second.history[1]).toEqual(second.roundScores);
    const sums = second.history.reduce((acc, row) => acc.map((t, i) => t + row[i]!), [0, 0]);
    expect(sums).toEqual(second.totals);
  });
});
