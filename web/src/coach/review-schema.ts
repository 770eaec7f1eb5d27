/**
 * A game's review as the page keeps it (shared/coach/review.ts makes it): checked whenever it
 * crosses into the page, from the review's worker or back from storage, where an older page may
 * have written another shape.
 */
import * as v from 'valibot';
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

/** The schema's shape is the core's: a review it makes fits, and one that fits is one it makes. */
type Agrees = [Made] extends [Review] ? ([Review] extends [Made] ? true : false) : false;
const agrees: Agrees = true;
void agrees;
