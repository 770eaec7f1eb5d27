import { seatsWhere } from '../../engine/seats.ts';
import type { GameResult, Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

/** SN-5: in the challenge phase every asked seat that has not answered moves, all at once. */
export function toMove(state: State): Seat[] {
  switch (state.phase) {
    case 'play':
      return [state.turn];
    case 'challenge':
      return seatsWhere(state.players, (s) => state.asked[s] === true && state.answers[s] === null);
    case 'roundOver':
      return seatsWhere(state.players);
    default:
      return [];
  }
}

/** SN-13: one point per card won; highest total wins, ties share. */
export function result(state: State): GameResult {
  return { over: state.phase === 'gameOver', totals: state.points, winners: state.winners };
}
