/** The HTTP API's JSON shapes and the schema of its one untrusted body, shared by both sides. */
import * as v from 'valibot';
import { BOT_LEVELS } from './engine/bot.ts';
import { GAME_IDS } from './engine/types.ts';
import type { Refusal } from './errors.ts';
import { nameSchema } from './protocol.ts';
import { MAX_IMPORT_MOVES } from './table/limits.ts';

export type HealthResponse = { ok: true; version: string };

export type ApiError = { error: Refusal };

import {
  CLOCK_MAX_SECONDS,
  CLOCK_MIN_SECONDS,
  DEFAULT_TURN_CLOCK,
  PACES,
  type Pace,
  TURN_CLOCKS,
} from './pace.ts';

export { CLOCK_MAX_SECONDS, CLOCK_MIN_SECONDS, DEFAULT_TURN_CLOCK, PACES, type Pace, TURN_CLOCKS };

const playersSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16));
const seatSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15));

const isTurnClock = (s: number) => TURN_CLOCKS.some((c) => c === s);

/** `POST /api/tables`. Game-specific checks (player counts, config) come from the engine. */
export const createTableSchema = v.pipe(
  v.strictObject({
    game: v.picklist(GAME_IDS),
    players: playersSchema,
    config: v.optional(v.unknown()),
    bots: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(16))),
    /** How hard the table's bots play; normal when absent. */
    botLevel: v.optional(v.picklist(BOT_LEVELS)),
    /** Live when absent. */
    pace: v.optional(v.picklist(PACES)),
    /** Seconds per move: CLOCK_MIN_SECONDS to CLOCK_MAX_SECONDS live, one of TURN_CLOCKS turn-based. */
    clock: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
  }),
  v.forward(
    v.check(
      ({ pace, clock }) =>
        pace === 'turn'
          ? clock !== null && (clock === undefined || isTurnClock(clock))
          : clock == null || (clock >= CLOCK_MIN_SECONDS && clock <= CLOCK_MAX_SECONDS),
      ({ input }) =>
        input.pace === 'turn'
          ? `A turn-based table's clock is one of ${TURN_CLOCKS.join(', ')} seconds.`
          : `A live table's clock is from ${CLOCK_MIN_SECONDS} to ${CLOCK_MAX_SECONDS} seconds, or none.`,
    ),
    ['clock'],
  ),
);

export type CreateTable = v.InferOutput<typeof createTableSchema>;

/** `201` answer: the id, the share link, and the key that makes its holder the table's host. */
export type CreatedTable = { id: string; url: string; hostKey: string };

/**
 * A finished game's record as far as it is replayed: after move `after` (0: before any) its
 * generator was replaced by one seeded with `seed` (engine/replay.ts).
 */
const reseededSchema = v.strictObject({
  after: v.pipe(v.number(), v.integer(), v.minValue(0)),
  seed: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
});

/**
 * An import's `from`: the new game starts at step `step` of the game uploaded (0: its deal or
 * start, n: after its n-th move), dealt by the table from what the uploader's seat knew there
 * (table/from-moment.ts). The seat is `you.seat`: the player plays on in the seat they held, so a
 * second field would only be one more thing to disagree. Only `what-you-knew` comes this way: as it
 * was, nothing is hidden from the page (a finished game's record is public), so it sends `start`.
 */
const fromSchema = v.strictObject({
  step: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_IMPORT_MOVES)),
  way: v.literal('what-you-knew'),
});

/**
 * `POST /api/tables/import`: a game played in the browser (the table's step run by the page), to
 * go on at a live table. Its seed and every move, which the Worker replays through the engine
 * from the deal, or from `start` when given: the state a game from a moment of another began at
 * ("Play from here", table/position.ts), checked as any untrusted state (table/start-state.ts);
 * `totals` are the page's scores, only ever compared with the replay's; `you`: the uploader's
 * seat (and name); `levels`: each bot's level, null at the uploader's seat. With `from`, the
 * seed, start, moves and `reseeded` are a finished game's record, and the new game is not its
 * continuation but a start at one of its moments, dealt by the table: then `totals` are that
 * moment's, and `moves` need go no further than it.
 */
export const importTableSchema = v.pipe(
  v.strictObject({
    game: v.picklist(GAME_IDS),
    players: playersSchema,
    config: v.unknown(),
    seed: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
    start: v.optional(v.unknown()),
    moves: v.pipe(
      v.array(v.strictObject({ seat: seatSchema, move: v.unknown() })),
      v.maxLength(MAX_IMPORT_MOVES, `A game is imported with at most ${MAX_IMPORT_MOVES} moves.`),
    ),
    /** Only with `from`: a game played in a browser is never reseeded, a table's game may be. */
    reseeded: v.optional(reseededSchema),
    from: v.optional(fromSchema),
    totals: v.pipe(v.array(v.number()), v.maxLength(16)),
    you: v.strictObject({ seat: seatSchema, name: v.optional(nameSchema) }),
    levels: v.pipe(v.array(v.nullable(v.picklist(BOT_LEVELS))), v.maxLength(16)),
  }),
  v.forward(
    v.check(
      ({ from, moves }) => from === undefined || from.step <= moves.length,
      'its step is past the moves uploaded.',
    ),
    ['from'],
  ),
  v.forward(
    v.check(
      ({ from, reseeded }) => reseeded === undefined || from !== undefined,
      'only a game played from a moment of (`from`) was reseeded.',
    ),
    ['reseeded'],
  ),
);

export type ImportTable = v.InferOutput<typeof importTableSchema>;

/**
 * `201` answer to an import: the new table, whose host the uploader is, and the seat they hold
 * there with its token (as `seated` gives one).
 */
export type ImportedTable = CreatedTable & { seat: number; token: string };
