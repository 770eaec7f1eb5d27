/**
 * HiLO: what followed a move, for its seat, up to the round's end: a HILO it removed in a later
 * move (HL-7), or the round's end with its sum, doubled where HL-12 doubled it.
 */
import * as v from 'valibot';
import type { HiloEvent } from '../../games/hilo/types.ts';
import { eventsFrom, type Follow } from './steps.ts';

export type HiloConsequence =
  /**
   * A HILO removed by the seat's own choice, `turns` of its turns after the move's (0: in the
   * same turn, as after a draw, or when a diagonal's closing up made another).
   */
  | { kind: 'hl.hilo'; turns: number }
  /** The round ended with `sum` in the seat's layout, its score. */
  | { kind: 'hl.round'; sum: number }
  /** The round ended with `sum` in the seat's layout, doubled to `score` (HL-12). */
  | { kind: 'hl.doubled'; sum: number; score: number };

const seat = v.pipe(v.number(), v.integer(), v.minValue(0));
const perSeat = v.array(v.pipe(v.number(), v.integer()));

/** The events read here, and only the fields read (the rest of HiloEvent is passed over). */
const eventSchema = v.variant('type', [
  v.object({ type: v.picklist(['took', 'drew']), seat }),
  v.object({ type: v.literal('removed'), seat, auto: v.boolean() }),
  v.object({
    type: v.literal('roundOver'),
    sums: perSeat,
    scores: perSeat,
    doubled: v.nullable(seat),
  }),
]) satisfies v.GenericSchema<
  unknown,
  | Pick<Extract<HiloEvent, { type: 'took' | 'drew' }>, 'type' | 'seat'>
  | Pick<Extract<HiloEvent, { type: 'removed' }>, 'type' | 'seat' | 'auto'>
  | Pick<Extract<HiloEvent, { type: 'roundOver' }>, 'type' | 'sums' | 'scores' | 'doubled'>
>;

export const hiloConsequence: Follow<HiloConsequence> = (steps, step, me) => {
  // A turn begins with a take or a draw (HL-4); the move's own step is the turning point's turn.
  let turns = 0;
  for (const { at, event: e } of eventsFrom(steps, step + 1, eventSchema)) {
    const later = at > step + 1;
    switch (e.type) {
      case 'took':
      case 'drew':
        if (later && e.seat === me) turns++;
        break;
      case 'removed':
        // A removal the final reveal made (HL-11) is no move of the seat's: its sum tells it.
        if (later && e.seat === me && !e.auto) return { kind: 'hl.hilo', turns };
        break;
      case 'roundOver': {
        const sum = e.sums[me] ?? 0;
        const score = e.scores[me] ?? sum;
        return e.doubled === me ? { kind: 'hl.doubled', sum, score } : { kind: 'hl.round', sum };
      }
    }
  }
  return null;
};
