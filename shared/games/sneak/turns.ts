import { roundTurns } from '../../engine/rounds.ts';
import { seatsWhere } from '../../engine/seats.ts';
import type { Seat } from '../../engine/types.ts';
import type { State } from './types.ts';

/** SN-5: in the challenge phase every asked seat that has not answered moves, all at once. */
export const toMove = roundTurns((state: State): Seat[] =>
  state.phase === 'challenge'
    ? seatsWhere(state.players, (s) => state.asked[s] === true && state.answers[s] === null)
    : [state.turn],
);
