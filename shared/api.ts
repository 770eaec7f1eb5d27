/** The HTTP API's JSON shapes and the schema of its one untrusted body, shared by both sides. */
import * as v from 'valibot';
import { BOT_LEVELS } from './engine/bot.ts';
import { GAME_IDS } from './engine/types.ts';
import type { Refusal } from './errors.ts';

export type HealthResponse = { ok: true; version: string };

export type ApiError = { error: Refusal };

/** Seconds per move when a table has a clock. */
export const CLOCK_MIN_SECONDS = 5;
export const CLOCK_MAX_SECONDS = 600;

/** `POST /api/tables`. Game-specific checks (player counts, config) come from the engine. */
export const createTableSchema = v.strictObject({
  game: v.picklist(GAME_IDS),
  players: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16)),
  config: v.optional(v.unknown()),
  bots: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(16))),
  /** How hard the table's bots play; normal when absent. */
  botLevel: v.optional(v.picklist(BOT_LEVELS)),
  clock: v.optional(
    v.nullable(
      v.pipe(v.number(), v.integer(), v.minValue(CLOCK_MIN_SECONDS), v.maxValue(CLOCK_MAX_SECONDS)),
    ),
  ),
});

export type CreateTable = v.InferOutput<typeof createTableSchema>;

/** `201` answer: the id, the share link, and the key that makes its holder the table's host. */
export type CreatedTable = { id: string; url: string; hostKey: string };
