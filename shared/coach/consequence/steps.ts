/** What each game's consequences (this folder) read of a replay, and the one shape they share. */
import * as v from 'valibot';
import type { ReplayedStep } from '../../engine/replay.ts';
import type { Seat } from '../../engine/types.ts';

/** What a consequence reads of the replay: who moved to reach each step, and what it made happen. */
export type PlayedStep = Pick<ReplayedStep, 'seat' | 'events'>;

/**
 * What followed `seat`'s move made in step `step` (the move is record.moves[step], its events
 * those of steps[step + 1]), up to the round's end; null where nothing of note followed before
 * the record ends.
 */
export type Follow<C> = (steps: readonly PlayedStep[], step: number, seat: Seat) => C | null;

/**
 * The events of `steps` from step `from` on, in order, each with its step and who moved to reach
 * it: those `schema` knows, as it reads them; the others (the game's events no consequence reads)
 * passed over.
 */
export function* eventsFrom<E>(
  steps: readonly PlayedStep[],
  from: number,
  schema: v.GenericSchema<unknown, E>,
): Generator<{ at: number; mover: Seat | null; event: E }> {
  for (let at = from; at < steps.length; at++) {
    const { seat: mover, events } = steps[at]!;
    for (const raw of events) {
      const parsed = v.safeParse(schema, raw);
      if (parsed.success) yield { at, mover, event: parsed.output };
    }
  }
}
