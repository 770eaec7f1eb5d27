/**
 * Reviews as the coach makes them (shared/coach/review.ts), written by hand for the panel's own
 * tests: a decision at a step, and a review of a few of them.
 */
import type { Decision, Review } from '../../web/src/coach/review-schema.ts';

/** A decision at `step` of round `round`, played and best as given, nothing better by default. */
export function decision(step: number, round: number, over: Partial<Decision> = {}): Decision {
  const chance = over.chance ?? 0.3;
  const bestChance = over.bestChance ?? chance;
  return {
    step,
    round,
    played: { t: 'draw' },
    chance,
    best: over.played ?? { t: 'draw' },
    bestChance,
    gain: bestChance - chance,
    sure: false,
    compared: 2,
    ...over,
  };
}

/** A review of seat 0's Hula-Hoo! game: `decisions`, the turning points as given (biggest first). */
export function review(decisions: Decision[], turningPoints: number[] = []): Review {
  return {
    version: 1,
    game: 'hulahoo',
    seat: 0,
    decisions,
    turningPoints,
    fewDecisions: decisions.filter((d) => d.compared > 1).length < 5,
  };
}
