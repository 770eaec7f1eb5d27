import type { GameResult, Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

/** SN-5: in the challenge phase every asked seat that has not answered moves, all at once. */
export function toMove(state: State): Seat[] {
  switch (state.phase) {
    case 'play':
      return [state.turn];
    case 'challenge': {
      const seats: Seat[] = [];
      for (let s = 0; s < state.players; s++)
        if (state.asked[s] && state.answers[s] === null) seats.push(s);
      return seats;
    }
    case 'roundOver': {
      const seats: Seat[] = [];
      for (let s = 0; s < state.players; s++) seats.push(s);
      return seats;
    }
    default:
      return [];
  }
}

/** SN-13: one point per card won; highest total wins, ties share. */
export function result(state: State): GameResult {
  return { over: state.phase === 'gameOver', totals: state.points, winners: state.winners };
}
