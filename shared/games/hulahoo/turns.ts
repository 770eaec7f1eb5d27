import { seatsWhere } from '../../engine/seats.ts';
import type { GameResult, Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

export function toMove(state: State): Seat[] {
  switch (state.phase) {
    case 'place':
      return seatsWhere(state.players, (s) => state.picks[s] === null);
    case 'swap':
    case 'play':
    case 'retarget':
      return [state.turn];
    case 'roundOver':
      return seatsWhere(state.players);
    default:
      return [];
  }
}

/** The game score: points by default, rounds won for the round-wins goals (HH-15). */
export function totals(state: State): number[] {
  return state.config.goal.kind === 'points' ? state.points : state.wins;
}

export function result(state: State): GameResult {
  return { over: state.phase === 'gameOver', totals: totals(state), winners: state.winners };
}
