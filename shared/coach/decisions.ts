/**
 * The moments of a finished game at which one seat decided, as that seat saw them. This is the
 * one place the coach touches the game's states: each is turned into the seat's own view (what
 * the table sent it then), and nothing else of it goes on, so a review judges every decision by
 * what the player knew when making it, never by what the replay shows afterwards (ALL-1).
 */
import { type PlayedGame, replayGame } from '../engine/replay.ts';
import type { AnyGame, Seat } from '../engine/types.ts';

/** What a judged view holds beside the game's own fields (every game's view has these). */
export interface SeatView {
  you: Seat | null;
  legal: unknown[];
  round: number;
}

export interface SeatDecision {
  /** Index of the state decided in, in the replay (0 = the deal): the move is `moves[step]`. */
  step: number;
  /** The seat's view of that state: all the coach knows of the moment. */
  view: SeatView;
  /** The move the seat made, as the record holds it. */
  played: unknown;
}

/**
 * Every move `seat` made in the game, with its view at that moment. Saying it is ready for the
 * next round is no decision of play, so those moves are left out.
 */
export function seatDecisions(game: AnyGame, record: PlayedGame, seat: Seat): SeatDecision[] {
  const states = replayGame(game, record);
  const decisions: SeatDecision[] = [];
  record.moves.forEach(({ seat: mover, move }, step) => {
    if (mover !== seat || isNextRound(move)) return;
    decisions.push({ step, view: game.view(states[step]!.state, seat), played: move });
  });
  return decisions;
}

const isNextRound = (move: unknown) =>
  typeof move === 'object' && move !== null && 't' in move && move.t === 'nextRound';
