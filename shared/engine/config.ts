/** Small checks for untrusted game options, so every game's parseConfig reads the same way. */
import { type Failure, fail, isObject } from './reject.ts';
import type { ConfigErrorCode } from './types.ts';

export type RawConfig = Record<string, unknown>;

export const isWhole = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** The first key of `raw` that is not an option, if any. */
export function unknownKey(raw: RawConfig, allowed: readonly string[]): string | undefined {
  return Object.keys(raw).find((k) => !allowed.includes(k));
}

/**
 * The checks every game starts with: a player count in range, then options that are absent (the
 * defaults) or an object with known keys only. Gives the rejection, or the raw options to read.
 */
export function startParsing(
  game: string,
  raw: unknown,
  players: number,
  range: { min: number; max: number },
  allowed: readonly string[],
): Failure<ConfigErrorCode> | { ok: true; raw: RawConfig } {
  if (!isWhole(players, range.min, range.max)) {
    return fail('bad-players', `${game} is for ${range.min} to ${range.max} players.`);
  }
  if (raw === undefined || raw === null) return { ok: true, raw: {} };
  if (!isObject(raw)) return fail('bad-config', 'The options must be an object.');
  const stray = unknownKey(raw, allowed);
  if (stray) return fail('bad-config', `Unknown option "${stray}".`);
  return { ok: true, raw };
}
