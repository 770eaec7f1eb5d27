/**
 * One decision judged from the seat's view alone: the moves worth comparing there (its game's
 * search candidates, and the move the seat made), each tried in the same worlds dealt from the
 * view and played out by the game's policy, so that the luck of a world falls alike on every move
 * and cancels out of their comparison (a paired comparison, world by world).
 */
import { sameMove } from '../engine/move-key.ts';
import { margin, mean, type SearchSpec, Worlds } from '../engine/search.ts';
import type { SeatView } from './decisions.ts';
import { mayBeTurningPoint } from './turning-point.ts';

/** A game's search: the hard bot's, whose worlds, candidates, policy and value judge a move. */
// biome-ignore lint/suspicious/noExplicitAny: the searches of different games.
export type AnySearch = SearchSpec<any, any, any>;

/** What judging a decision may spend, in its search's units (SearchSpec's `budget`). */
export interface JudgeBudget {
  /** What every decision gets. */
  first: number;
  /**
   * What a decision gets in all when, after the first part, a better move than the one played
   * may be a turning point: most decisions are plainly not, and the time goes where it tells.
   */
  most: number;
}

export interface Judgement {
  /** The moves compared, the one played among them. */
  moves: unknown[];
  /** Each move's chance of winning the game (0…1): its mean value over the worlds. */
  chances: number[];
  /** Index in `moves` of the move played. */
  played: number;
  /** Index in `moves` of the move with the best chance; `played` when none beats it. */
  best: number;
  /** How much `best` beats the move played by, world by world: the mean and its standard error. */
  gain: { mean: number; error: number };
  /** How many worlds every move was tried in. */
  worlds: number;
}

/**
 * Judges `played`, made in `view`, against the other moves worth comparing; null when there was
 * nothing to compare it with (one legal move, or the search's one candidate is the move played).
 */
export function judge(
  spec: AnySearch,
  view: SeatView,
  played: unknown,
  budget: JudgeBudget,
  random: () => number,
): Judgement | null {
  // A move the seat could not have made otherwise: not worth asking the search.
  if (view.legal.length === 1 && sameMove(view.legal[0], played)) return null;
  const candidates: unknown[] = spec.candidates(view, random);
  const found = candidates.findIndex((move) => sameMove(move, played));
  const moves = found >= 0 ? candidates : [...candidates, played];
  if (moves.length === 1) return null;
  const at = found >= 0 ? found : moves.length - 1;
  const worlds = new Worlds(spec, view, moves, random);
  worlds.dealUntil(budget.first);
  let judged = judgement(moves, worlds.values, at);
  // Twice the worlds at a time, for as long as a turning point is still in reach: most gains
  // that looked worth a closer look fade after a few more worlds, and stop costing there.
  for (let spent = budget.first; spent < budget.most; ) {
    if (judged.best === at || !mayBeTurningPoint(judged.gain)) break;
    spent = Math.min(budget.most, spent * 2);
    worlds.dealUntil(spent);
    judged = judgement(moves, worlds.values, at);
  }
  return judged;
}

/** What the values of the moves, world by world, say of the move played at `at`. */
function judgement(moves: unknown[], values: number[][], at: number): Judgement {
  const chances = values.map(mean);
  let best = at;
  chances.forEach((chance, i) => {
    if (chance > chances[best]!) best = i;
  });
  return {
    moves,
    chances,
    played: at,
    best,
    gain: margin(values[best]!, values[at]!),
    worlds: values[0]!.length,
  };
}
