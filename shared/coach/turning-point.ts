/**
 * When a decision is a turning point: a better move was on offer, by enough to matter, and the
 * search is sure of it. The thresholds are set with `npm run bench:coach:holdup`: of the moves
 * they flag, at least nine in ten must still lose to the suggested one when judged again with
 * ten times the search in fresh worlds, while a usual game still has a few to show.
 */

/** The least gain worth showing, in chance of winning the game (0.04: four points in a hundred). */
export const MIN_GAIN = 0.04;

/** How many standard errors the gain must stand above nothing to be more than the search's luck. */
export const MIN_ERRORS = 2.5;

/** A standard error from fewer worlds than this says too little of the search's luck to trust. */
export const MIN_WORLDS = 8;

/** Whether a gain (its mean and standard error, world by world) makes a turning point. */
export const isTurningPoint = (gain: { mean: number; error: number }, worlds: number): boolean =>
  worlds >= MIN_WORLDS && gain.mean >= MIN_GAIN && gain.mean >= MIN_ERRORS * gain.error;

/** Whether more worlds might make a turning point of a gain measured so far. */
export const mayBeTurningPoint = (gain: { mean: number; error: number }): boolean =>
  gain.mean + gain.error >= MIN_GAIN;
