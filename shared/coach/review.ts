/**
 * "Review my game": every decision one seat made in a finished game, judged from that seat's view
 * at the time (decisions.ts, judge.ts), and the few where a better move was clearly on offer: the
 * game's turning points (turning-point.ts). Pure and deterministic, so that the page can run it in
 * a Web Worker and the same game always reviews the same.
 */
import { seededRandom } from '../engine/rng.ts';
import type { GameId, Seat } from '../engine/types.ts';
import { games } from '../games/index.ts';
import type { GameRecord } from '../protocol.ts';
import { seatDecisions } from './decisions.ts';
import { type Judgement, judge } from './judge.ts';
import { coachSearches } from './searches.ts';
import { isTurningPoint } from './turning-point.ts';

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

/** Reviews `seat`'s decisions in the finished game `record`; yields progress after each decision. */
export function* reviewGame(
  game: GameId,
  record: GameRecord,
  seat: Seat,
): Generator<{ done: number; total: number }, Review, void> {
  if (record.game !== game) throw new Error(`the record is of ${record.game}, not ${game}`);
  const search = coachSearches[game];
  const moments = seatDecisions(games[game], record, seat);
  const decisions: Decision[] = [];
  let last = 1 / record.players;
  for (const { step, view, played } of moments) {
    // Each decision its own stream: judging one never depends on judging another.
    const random = seededRandom(`${record.seed}:review:${seat}:${step}`);
    const judged = judge(search.spec, view, played, search.budget, random);
    const verdict = judged === null ? unsearched(played, last) : searched(judged, played);
    decisions.push({ step, round: view.round, played, ...verdict });
    if (judged !== null) last = verdict.chance;
    yield { done: decisions.length, total: moments.length };
  }
  const turningPoints = decisions
    .map((d, i) => ({ gain: d.gain, i, sure: d.sure }))
    .filter((d) => d.sure)
    .sort((a, b) => b.gain - a.gain || a.i - b.i)
    .slice(0, TURNING_POINTS)
    .map((d) => d.i);
  const real = decisions.filter((d) => d.compared > 1).length;
  return {
    version: 1,
    game,
    seat,
    decisions,
    turningPoints,
    fewDecisions: real < FEW_DECISIONS,
  };
}

type Verdict = Omit<Decision, 'step' | 'round' | 'played'>;

/** A decision with nothing to compare: the chance measured last, and nothing better. */
const unsearched = (played: unknown, chance: number): Verdict => ({
  chance,
  best: played,
  bestChance: chance,
  gain: 0,
  sure: false,
  compared: 1,
});

function searched(judged: Judgement, played: unknown): Verdict {
  const chance = judged.chances[judged.played]!;
  const bestChance = judged.chances[judged.best]!;
  const better = judged.best !== judged.played;
  return {
    chance,
    best: better ? judged.moves[judged.best] : played,
    bestChance,
    gain: bestChance - chance,
    sure: better && isTurningPoint(judged.gain, judged.worlds),
    compared: judged.moves.length,
  };
}
