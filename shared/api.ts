/** The HTTP API's JSON shapes and the schema of its one untrusted body, shared by both sides. */
import * as v from 'valibot';
import { BOT_LEVELS } from './engine/bot.ts';
import { GAME_IDS } from './engine/types.ts';
import type { Refusal } from './errors.ts';

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
