/**
 * A review put together from its judged decisions, which may have been judged apart (review.ts:
 * `reviewPart`, one part per Web Worker): the chances carried over where nothing was searched, the
 * turning points picked. Nothing here searches or knows a game's rules, so the page that gathers the
 * parts loads none of the engine.
 */
import type { GameId, Seat } from '../engine/types.ts';

/** One move the reviewed seat made, and what the search makes of it. */
export interface Decision {
  /**
   * Index of the state the seat decided in, in replaySteps' list (0 = the deal): the move is
   * record.moves[step].
   */
  step: number;
  /** The view's round. */
  round: number;
  /** The move made, as the record holds it. */
  played: unknown;
  /**
   * Its estimated chance of winning the game (0…1). A decision with nothing to compare
   * (`compared` 1) is not searched: it carries the chance measured last before it (an even share,
   * 1 / players, before the first), so that a chart of the game stays flat where nothing was
   * decided.
   */
  chance: number;
  /** The best move found (the played one when nothing beat it). */
  best: unknown;
  /** The best move's estimated chance of winning the game (0…1); `chance` when nothing beat it. */
  bestChance: number;
  /** bestChance − chance, ≥ 0. */
  gain: number;
  /**
   * The gain is beyond the search's noise: a turning point (large enough to matter and several
   * standard errors above nothing: turning-point.ts).
   */
  sure: boolean;
  /** How many moves were compared (1: nothing to decide). */
  compared: number;
}

export interface Review {
  /** The shape of this object, for a page that keeps reviews. */
  version: 1;
  game: GameId;
  /** The seat reviewed. */
  seat: Seat;
  /** Every move the seat made but saying it is ready for the next round, in the game's order. */
  decisions: Decision[];
  /** Indexes into `decisions`, biggest gain first, at most five. */
  turningPoints: number[];
  /** The seat had few real decisions: fewer than FEW_DECISIONS with more than one move compared. */
  fewDecisions: boolean;
}

/** Below this many decisions with something to compare, a review has little to say. */
export const FEW_DECISIONS = 5;

/** How many turning points a review shows at most. */
const TURNING_POINTS = 5;

/** What the search made of a decision: all of Decision but where and what it was. */
export type Verdict = Omit<Decision, 'step' | 'round' | 'played'>;

/** A decision as one part of a review judged it: its verdict null where nothing was compared. */
export interface JudgedDecision {
  /** Its place among the seat's decisions, in the game's order. */
  at: number;
  step: number;
  round: number;
  played: unknown;
  verdict: Verdict | null;
}

/**
 * The review of `seat` from every one of its judged decisions (in any order): a decision with
 * nothing to compare carries the chance measured last before it (an even share among `players`
 * before the first), and the turning points are the sure gains, biggest first.
 */
export function assembleReview(
  game: GameId,
  seat: Seat,
  players: number,
  judged: readonly JudgedDecision[],
): Review {
  const ordered = [...judged].sort((a, b) => a.at - b.at);
  let last = 1 / players;
  const decisions: Decision[] = ordered.map(({ step, round, played, verdict }) => {
    const made = verdict ?? unsearched(played, last);
    if (verdict !== null) last = verdict.chance;
    return { step, round, played, ...made };
  });
  const turningPoints = decisions
    .map((d, i) => ({ gain: d.gain, i, sure: d.sure }))
    .filter((d) => d.sure)
    .sort((a, b) => b.gain - a.gain || a.i - b.i)
    .slice(0, TURNING_POINTS)
    .map((d) => d.i);
  const real = decisions.filter((d) => d.compared > 1).length;
  return { version: 1, game, seat, decisions, turningPoints, fewDecisions: real < FEW_DECISIONS };
}

/** A decision with nothing to compare: the chance measured last, and nothing better. */
const unsearched = (played: unknown, chance: number): Verdict => ({
  chance,
  best: played,
  bestChance: chance,
  gain: 0,
  sure: false,
  compared: 1,
});
