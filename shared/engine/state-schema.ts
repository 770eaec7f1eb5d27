/**
 * Schemas of the game states a table stores. What storage hands back is untrusted (an older server
 * wrote an older shape; a key never written reads back `undefined`), so a state is parsed into its
 * game's `State`, never cast. The fields every game's state shares are written once, here; each
 * game adds its own (shared/games/<id>/state.ts). Shapes and types only, no ranges: a state stored
 * before a range was tightened must still load.
 */
import * as v from 'valibot';
import type { RngState } from './rng.ts';
import type { RoundState } from './rounds.ts';
import type { GameId } from './types.ts';

/**
 * An object schema's entries for `T`: one for every field, an optional one too, each giving a
 * value of the field's type. Entries written as a literal `satisfies` it, so a field left out or
 * a stray one does not compile.
 */
export type Entries<T> = { [K in keyof T]-?: v.GenericSchema<unknown, T[K]> };

/**
 * A schema checked both ways against `T`: its output is a `T`, and every `T` is an output it may
 * give, so a union member or a `null` left out does not compile either (the first check alone
 * lets a narrower schema through). That second check fails as "not assignable to `never`".
 */
export function exact<T>() {
  return <S extends v.GenericSchema<unknown, T>>(
    schema: S & ([T] extends [v.InferOutput<S>] ? unknown : never),
  ): v.GenericSchema<unknown, T> => schema;
}

/** Seats, counts and card labels: whole numbers from 0. */
export const seatSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
export const countSchema = seatSchema;

const rngSchema = v.object({
  key: v.string(),
  counter: countSchema,
} satisfies Entries<RngState>);

/**
 * The entries of the fields every game's state starts with (RoundState): its own id alone, so a
 * state of another game is refused; its config's schema; its own phases, beside the two every
 * game has.
 */
export function roundStateEntries<Id extends GameId, Config, Own extends string>(
  game: Id,
  config: v.GenericSchema<unknown, Config>,
  phases: readonly Own[],
): Entries<RoundState<Id, Config, Own>> {
  return {
    game: v.literal(game),
    config,
    players: countSchema,
    rng: rngSchema,
    labels: v.array(countSchema),
    round: countSchema,
    dealer: seatSchema,
    phase: v.picklist([...phases, 'roundOver', 'gameOver']),
    history: v.array(v.array(v.number())),
    winners: v.array(seatSchema),
  };
}
