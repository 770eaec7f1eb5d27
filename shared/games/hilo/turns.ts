import { roundTurns } from '../../engine/rounds.ts';
import { seatsWhere } from '../../engine/seats.ts';
import type { Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

export const toMove = roundTurns((state: State): Seat[] =>
  state.phase === 'opening'
    ? seatsWhere(state.players, (s) => state.openings[s] === null)
    : [state.turn],
);
