import { seatsWhere } from '../../engine/seats.ts';
import type { GameResult, Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

export function toMove(state: State): Seat[] {
  switch (state.phase) {
    case 'opening':
      return seatsWhere(state.players, (s) => state.openings[s] === null);
    case 'play':
    case 'drawn':
    case 'hilo':
      return [state.turn];
    case 'roundOver':
      return seatsWhere(state.players);
    default:
      return [];
  }
}

export function result(state: State): GameResult {
  return { over: state.phase === 'gameOver', totals: state.totals, winners: state.winners };
}
