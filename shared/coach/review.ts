/**
 * "Review my game": every decision one seat made in a finished game, judged from that seat's view
 * at the time (decisions.ts, judge.ts), and the few where a better move was clearly on offer: the
 * game's turning points (turning-point.ts). Pure and deterministic, so that the page can run it in
 * Web Workers, a part in each (`reviewPart`), and the same game always reviews the same.
 */
import { seededRandom } from '../engine/rng.ts';
import type { GameId, Seat } from '../engine/types.ts';
import { games } from '../games/index.ts';
import type { GameRecord } from '../protocol.ts';
import { assembleReview, type JudgedDecision, type Review, type Verdict } from './assemble.ts';
import { seatDecisions } from './decisions.ts';
import { type Judgement, judge } from './judge.ts';
import { coachSearches } from './searches.ts';
import { isTurningPoint } from './turning-point.ts';

export type { Decision, Review } from './assemble.ts';
export { FEW_DECISIONS } from './assemble.ts';

/** A share of a review's decisions: those whose place in the seat's list is `index` modulo `of`. */
export interface ReviewPart {
  index: number;
  of: number;
}

/**
 * Judges `part` of `seat`'s decisions in the finished game `record`; yields progress (of this
 * part) after each decision. Each decision has its own random stream, seeded by the record, the
 * seat and the step, so that however the decisions are shared out, each is judged the same.
 */
export function* reviewPart(
  game: GameId,
  record: GameRecord,
  seat: Seat,
  part: ReviewPart = { index: 0, of: 1 },
): Generator<{ done: number; total: number }, JudgedDecision[], void> {
  if (record.game !== game) throw new Error(`the record is of ${record.game}, not ${game}`);
  const search = coachSearches[game];
  const mine = seatDecisions(games[game], record, seat)
    .map((moment, at) => ({ ...moment, at }))
    .filter(({ at }) => at % part.of === part.index);
  const judged: JudgedDecision[] = [];
  for (const { at, step, view, played } of mine) {
    const random = seededRandom(`${record.seed}:review:${seat}:${step}`);
    const judgement = judge(search.spec, view, played, search.budget, random);
    const verdict = judgement === null ? null : searched(judgement, played);
    judged.push({ at, step, round: view.round, played, verdict });
    yield { done: judged.length, total: mine.length };
  }
  return judged;
}

/** Reviews `seat`'s decisions in the finished game `record`; yields progress after each decision. */
export function* reviewGame(
  game: GameId,
  record: GameRecord,
  seat: Seat,
): Generator<{ done: number; total: number }, Review, void> {
  const judged = yield* reviewPart(game, record, seat);
  return assembleReview(game, seat, record.players, judged);
}

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
