/**
 * A review's turning points as the panel shows them: in the order of the game, numbered, each
 * with its two moves in words, what the move played led to, and the marks those moves put on the
 * board's cards.
 */
import type { AdviceMark } from '../advice-marks.ts';
import type { Decision, Review } from './review-schema.ts';
import type { MoveWords } from './words/common.ts';

/** A turning point, numbered in the order of the game, with its moves in words. */
export interface TurningPoint {
  /** 1 for the game's first turning point. */
  n: number;
  /** Its index in the review's decisions. */
  index: number;
  decision: Decision;
  better: MoveWords;
  played: MoveWords;
  /** What the move played led to in the game as it was played, in words; null if nothing of note. */
  led: string | null;
}

/**
 * The review's turning points in the order they came in the game (the review lists them biggest
 * first), each with its moves said by `say`: the better one and the one played; and what the one
 * played led to said by `led` (nothing, without it).
 */
export function turningPoints(
  review: Review,
  say: (decision: Decision, move: unknown) => MoveWords,
  led: (decision: Decision) => string | null = () => null,
): TurningPoint[] {
  return [...review.turningPoints]
    .sort((a, b) => review.decisions[a]!.step - review.decisions[b]!.step)
    .map((index, i) => {
      const decision = review.decisions[index]!;
      return {
        n: i + 1,
        index,
        decision,
        better: say(decision, decision.best),
        played: say(decision, decision.played),
        led: led(decision),
      };
    });
}

/** Each card of the two moves, marked as the better one's, the played one's, or both. */
export function marksOf(point: TurningPoint): Map<string, AdviceMark> {
  const marks = new Map<string, AdviceMark>();
  for (const id of point.better.cards) marks.set(id, 'better');
  for (const id of point.played.cards) marks.set(id, marks.has(id) ? 'both' : 'played');
  return marks;
}
