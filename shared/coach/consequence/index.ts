/**
 * What a turning point's move led to, in the game as it was played: the first thing of note that
 * befell the seat after it, up to the round's end, told by the game's events (per game, in this
 * folder). The game is over, so everything is public now (ALL-1): this reads the replay, never a
 * view, and the judgement of the move (review.ts) stays the seat's own. It lives beside the review
 * rather than in the page because it reads the games' own events, typed by their rules, and is
 * tested against records as the review is; the page hands it the replay it has already made and
 * only puts what it returns in words.
 */
import type { GameId, Seat } from '../../engine/types.ts';
import { type HiloConsequence, hiloConsequence } from './hilo.ts';
import { type HulaConsequence, hulaConsequence } from './hulahoo.ts';
import { type SneakConsequence, sneakConsequence } from './sneak.ts';
import type { Follow, PlayedStep } from './steps.ts';

export type { HiloConsequence, HulaConsequence, PlayedStep, SneakConsequence };

export type Consequence = HulaConsequence | HiloConsequence | SneakConsequence;

const FOLLOW: { [G in GameId]: Follow<Consequence> } = {
  hulahoo: hulaConsequence,
  hilo: hiloConsequence,
  sneak: sneakConsequence,
};

/** What `seat`'s move in step `step` of a finished `game` led to (steps.ts: Follow). */
export function consequenceOf(
  game: GameId,
  steps: readonly PlayedStep[],
  step: number,
  seat: Seat,
): Consequence | null {
  return FOLLOW[game](steps, step, seat);
}
