import { isWhole, startParsing } from '../../engine/config.ts';
import { fail } from '../../engine/reject.ts';
import type { ConfigErrorCode, Result } from '../../engine/types.ts';
import type { Config } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
const RANGE = { min: MIN_PLAYERS, max: MAX_PLAYERS };
/** ALL-3: the limits a table may play to, so that every game ends. */
export const LIMIT_RANGE = { min: 50, max: 300 } as const;

export function defaultConfig(_players: number): Config {
  return { limit: 100, maxTurns: 50 }; // HL-13, HL-14
}

/** Untrusted input: missing fields take their defaults, anything else wrong is refused with why. */
export function parseConfig(
  input: unknown,
  players: number,
): Result<{ config: Config }, ConfigErrorCode> {
  const start = startParsing('HiLO', input, players, RANGE, ['limit', 'maxTurns', 'firstDealer']);
  if (!start.ok) return start;
  const { raw } = start;
  const config = defaultConfig(players);
  if (raw.limit !== undefined) {
    const { min, max } = LIMIT_RANGE;
    if (!isWhole(raw.limit, min, max))
      return fail('bad-config', `"limit" must be a whole number from ${min} to ${max}.`);
    config.limit = raw.limit;
  }
  if (raw.maxTurns !== undefined) {
    if (!isWhole(raw.maxTurns, 1, 1000)) {
      return fail('bad-config', '"maxTurns" must be a whole number from 1 to 1000.');
    }
    config.maxTurns = raw.maxTurns;
  }
  if (raw.firstDealer !== undefined) {
    if (!isWhole(raw.firstDealer, 0, players - 1)) {
      return fail('bad-config', `"firstDealer" must be a seat from 0 to ${players - 1}.`);
    }
    config.firstDealer = raw.firstDealer;
  }
  return { ok: true, config };
}
