/**
 * A game's review as the page keeps it (shared/coach/review.ts makes it): checked whenever it
 * crosses into the page, from the review's worker or back from storage, where an older page may
 * have written another shape.
 */
import * as v from 'valibot';
import type { JudgedDecision } from '../../../shared/coach/assemble.ts';
import type { Review as Made } from '../../../shared/coach/review.ts';
import { GAME_IDS } from '../../../shared/engine/types.ts';

const chance = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const decisionSchema = v.object({
  step: count,
  round: count,
  played: v.unknown(),
  chance,
  best: v.unknown(),
  bestChance: chance,
  gain: v.pipe(v.number(), v.minValue(0)),
  sure: v.boolean(),
  compared: v.pipe(count, v.minValue(1)),
});

/** A part of a review, as one of its workers judged it (review.ts: `reviewPart`). */
export const judgedSchema = v.array(
  v.object({
    at: count,
    step: count,
    round: count,
    played: v.unknown(),
    verdict: v.nullable(v.omit(decisionSchema, ['step', 'round', 'played'])),
  }),
);

export const reviewSchema = v.pipe(
  v.object({
    version: v.literal(1),
    game: v.picklist(GAME_IDS),
    seat: count,
    decisions: v.array(decisionSchema),
    turningPoints: v.pipe(v.array(count), v.maxLength(5)),
    fewDecisions: v.boolean(),
  }),
  v.check(
    (r) => r.turningPoints.every((i) => i < r.decisions.length),
    'a turning point is one of the decisions',
  ),
);

export type Review = v.InferOutput<typeof reviewSchema>;
export type Decision = Review['decisions'][number];

/** The schemas' shapes are the core's: what it makes fits, and what fits is what it makes. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrees: Same<Made, Review> & Same<JudgedDecision[], v.InferOutput<typeof judgedSchema>> =
  true;
void agrees;
