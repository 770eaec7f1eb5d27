/**
 * What Hula-Hoo!'s game-over chart plots: what its totals count. Played to points, a round adds
 * its score; played to round wins (HH-15), a round adds one win to its winner, the one seat that
 * scored in it (HH-13), so the lines climb to the totals the score sheet shows, not past them.
 */
import type { View } from '../../../../shared/games/hulahoo/types.ts';

type Scored = Pick<View, 'config' | 'history'>;

/** Each finished round's addition to the totals, per seat; null where it is the round's score. */
export function countedPerRound(view: Scored): number[][] | null {
  if (view.config.goal.kind === 'points') return null;
  return view.history.map((row) => row.map((points) => (points > 0 ? 1 : 0)));
}

/**
 * The total the chart draws as a line: the points, or the round wins, that end the game. None
 * for a run of wins in a row, which no total on the chart reaches.
 */
export function chartGoal(view: Pick<View, 'config'>): number | null {
  const { goal } = view.config;
  if (goal.kind === 'points') return goal.points;
  return goal.consecutive ? null : goal.wins;
}
