/** The HTTP API's JSON shapes and the schema of its one untrusted body, shared by both sides. */
import * as v from 'valibot';
import { BOT_LEVELS } from './engine/bot.ts';
import { GAME_IDS } from './engine/types.ts';
import type { Refusal } from './errors.ts';

export type HealthResponse = { ok: true; version: string };

export type ApiError = { error: Refusal };

/** Seconds per move when a live table has a clock. */
export const CLOCK_MIN_SECONDS = 5;
export const CLOCK_MAX_SECONDS = 600;

/**
 * A table's pace: live (everyone at the table together, a clock of seconds or none), or turn-based
 * (each player moves when they can, within a clock of hours, and is told when it is their turn).
 */
export const PACES = ['live', 'turn'] as const;
export type Pace = (typeof PACES)[number];

/** A turn-based table's clock, in seconds: 1 h, 12 h, 24 h or 72 h. */
export const TURN_CLOCKS = [3600, 43_200, 86_400, 259_200] as const;
/** A turn-based table's clock when none is asked for. */
export const DEFAULT_TURN_CLOCK = 86_400;

const isTurnClock = (s: number) => TURN_CLOCKS.some((c) => c === s);

/** `POST /api/tables`. Game-specific checks (player counts, config) come from the engine. */
export const createTableSchema = v.pipe(
  v.strictObject({
    game: v.picklist(GAME_IDS),
    players: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16)),
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
