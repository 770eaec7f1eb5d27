import { roundTurns } from '../../engine/rounds.ts';
import { seatsWhere } from '../../engine/seats.ts';
import type { Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

export const toMove = roundTurns((state: State): Seat[] =>
  state.phase === 'place'
    ? seatsWhere(state.players, (s) => state.picks[s] === null)
    : [state.turn],
);

/** The game score: points by default, rounds won for the round-wins goals (HH-15). */
export function totals(state: State): number[] {
  return state.config.goal.kind === 'points' ? state.points : state.wins;
}
