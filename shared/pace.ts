/**
 * A table's pace and the clocks each allows, as plain values: the start page offers them and the
 * create schema (api.ts) checks them, so they live apart from the schemas and their library.
 */

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

/**
 * The name of the page's meta tag that says how long this server's bots pause before a move, in
 * ms (its BOT_DELAY_MS): a solo table in the page plays at the same pace.
 */
export const BOT_DELAY_META = 'hoopla-bot-delay';
