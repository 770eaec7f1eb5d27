/**
 * Hula-Hoo!: what followed a move, for its seat, up to the round's end: dropping out (HH-8), or
 * the round won (HH-10, HH-12) or lost to another.
 */
import * as v from 'valibot';
import type { Seat } from '../../engine/types.ts';
import type { HulaEvent } from '../../games/hulahoo/types.ts';
import { eventsFrom, type Follow } from './steps.ts';

export type HulaConsequence =
  /** Out of the round on the `turns`-th of the seat's turns after the move (1: the next one). */
  | { kind: 'hh.out'; turns: number }
  /** The round won with the seat's last card, for `points`. */
  | { kind: 'hh.wonOut'; points: number }
  /** The round won as the last one in, for `points`. */
  | { kind: 'hh.wonLast'; points: number }
  /** The round won by `winner`, for `points`. */
  | { kind: 'hh.lost'; winner: Seat; points: number };

const seat = v.pipe(v.number(), v.integer(), v.minValue(0));
const points = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The events read here, and only the fields read (the rest of HulaEvent is passed over). */
const eventSchema = v.variant('type', [
  v.object({ type: v.picklist(['played', 'eliminated']), seat }),
  v.object({ type: v.literal('roundWon'), seat, points, how: v.picklist(['out', 'last']) }),
]) satisfies v.GenericSchema<
  unknown,
  | Pick<Extract<HulaEvent, { type: 'played' | 'eliminated' }>, 'type' | 'seat'>
  | Pick<Extract<HulaEvent, { type: 'roundWon' }>, 'type' | 'seat' | 'points' | 'how'>
>;

export const hulaConsequence: Follow<HulaConsequence> = (steps, step, me) => {
  // Each play of the seat's after the move's own took a turn; dropping out takes one too, with
  // no play (HH-8: the turn comes, and there is no legal play).
  let turns = 0;
  for (const { at, event: e } of eventsFrom(steps, step + 1, eventSchema)) {
    if (e.type === 'played' && e.seat === me && at > step + 1) turns++;
    if (e.type === 'eliminated' && e.seat === me) return { kind: 'hh.out', turns: turns + 1 };
    if (e.type === 'roundWon') {
      if (e.seat !== me) return { kind: 'hh.lost', winner: e.seat, points: e.points };
      return { kind: e.how === 'out' ? 'hh.wonOut' : 'hh.wonLast', points: e.points };
    }
  }
  return null;
};
