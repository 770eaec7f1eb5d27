import type { GameResult, Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

export function toMove(state: State): Seat[] {
  switch (state.phase) {
    case 'opening': {
      const seats: Seat[] = [];
      for (let s = 0; s < state.players; s++) if (state.openings[s] === null) seats.push(s);
      return seats;
    }
    case 'play':
    case 'drawn':
    case 'hilo':
      return [state.turn];
    case 'roundOver': {
      const seats: Seat[] = [];
      for (let s = 0; s < state.players; s++) seats.push(s);
      return seats;
    }
    default:
      return [];
  }
}

export function result(state: State): GameResult {
  return { over: state.phase === 'gameOver', totals: state.totals, winners: state.winners };
}
