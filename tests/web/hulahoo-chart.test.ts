/** Hula-Hoo!'s game-over chart plots what its totals count (web/src/games/hulahoo/chart.ts, HH-15). */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../shared/games/hulahoo/types.ts';
import { chartGoal, countedPerRound } from '../../web/src/games/hulahoo/chart.ts';

/** Five rounds of three players: each row the points its winner scored (HH-13). */
const history = [
  [0, 12, 0],
  [15, 0, 0],
  [0, 9, 0],
  [0, 0, 7],
  [0, 20, 0],
];
const chaos = { chooseFaceUp: false, noSwap: false, chooseTarget: false };
const played = (goal: Config['goal']) => ({ config: { goal, chaos }, history });

/** Where each seat's line ends: the sum of what every round added to its total. */
const ends = (rows: number[][]) =>
  [0, 1, 2].map((s) => rows.reduce((sum, row) => sum + (row[s] ?? 0), 0));

describe('Hula-Hoo!’s chart', () => {
  it('played to round wins, climbs to each seat’s wins, with the goal line at the wins needed', () => {
    const view = played({ kind: 'wins', wins: 3, consecutive: false });
    expect(ends(countedPerRound(view)!)).toEqual([1, 3, 1]);
    expect(chartGoal(view)).toBe(3);
  });

  it('played to points, plots the points, whose running sums are the totals', () => {
    const view = played({ kind: 'points', points: 40 });
    expect(countedPerRound(view)).toBeNull();
    expect(chartGoal(view)).toBe(40);
  });

  it('draws no goal line for wins in a row, which no total on the chart reaches', () => {
    expect(chartGoal(played({ kind: 'wins', wins: 2, consecutive: true }))).toBeNull();
  });
});
