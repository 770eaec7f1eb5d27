/** Hula-Hoo!'s game-over chart plots what its totals count (web/src/games/hulahoo/chart.ts, HH-15). */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../shared/games/hulahoo/types.ts';
import { chartGoal, countedPerRound } from '../../web/src/games/hulahoo/chart.ts';
import { soloUpload } from '../table/support.ts';

/** A game of three played by bots to its end under `goal`; its last view for seat 0. */
function finished(goal: Config['goal'], seed: string) {
  const { game, state } = soloUpload('hulahoo', 'gameOver', seed, {
    players: 3,
    config: { goal },
    levels: [null, 'normal', 'normal'],
  });
  return { view: game.view(state, 0), totals: game.result(state).totals };
}

/** Where each seat's line ends: the sum of what every round added to its total. */
const ends = (rows: number[][], seats: number) =>
  Array.from({ length: seats }, (_, s) => rows.reduce((sum, row) => sum + (row[s] ?? 0), 0));

describe('Hula-Hoo!’s chart', () => {
  it('played to round wins, climbs to each seat’s wins, with the goal line at the wins needed', () => {
    const { view, totals } = finished({ kind: 'wins', wins: 3, consecutive: false }, 'chart-w');
    expect(view.history.length).toBeGreaterThan(2);
    const rows = countedPerRound(view)!;
    expect(ends(rows, 3)).toEqual(totals);
    expect(Math.max(...totals)).toBe(3);
    // The rounds' points run far past the wins: plotted, they would not meet the totals.
    expect(ends(view.history, 3)).not.toEqual(totals);
    expect(chartGoal(view)).toBe(3);
  });

  it('played to points, plots the points, whose running sums are the totals', () => {
    const { view, totals } = finished({ kind: 'points', points: 40 }, 'chart-p');
    expect(countedPerRound(view)).toBeNull();
    expect(ends(view.history, 3)).toEqual(totals);
    expect(chartGoal(view)).toBe(40);
  });

  it('draws no goal line for wins in a row, which no total on the chart reaches', () => {
    const { view } = finished({ kind: 'wins', wins: 2, consecutive: true }, 'chart-r');
    expect(chartGoal(view)).toBeNull();
  });
});
