/**
 * Game states stored by an older server, brought up to date when a table loads, before the
 * game's schema checks them (stored.ts), so a redeploy never loses a game in progress. What was
 * older is each game's own knowledge (`Game.upgradeState`); the table gives it where the game
 * was left.
 */
import { isObject } from '../engine/reject.ts';
import { gameOf, type TableMeta } from './meta.ts';

/**
 * A stored state, up to date (the same value when it is already; anything but an object is left
 * for the schema to refuse). An older generator is re-keyed from the game's secret seed, or the
 * table's id before it had one, and the moves logged so far.
 */
export function upgradeState(meta: TableMeta, state: unknown): unknown {
  if (!isObject(state)) return state;
  const at = { seed: meta.seed ?? meta.id, moveCount: meta.moveCount };
  return gameOf(meta).upgradeState?.(state, at) ?? state;
}
