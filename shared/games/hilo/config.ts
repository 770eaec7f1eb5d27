import { rejection } from '../../engine/reject.ts';
import type { ConfigResult } from '../../engine/types.ts';
import type { Config } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export function defaultConfig(_players: number): Config {
  return { limit: 100, maxTurns: 50 }; // HL-13, HL-14
}

type Raw = Record<string, unknown>;

const isObject = (x: unknown): x is Raw => typeof x === 'object' && x !== null && !Array.isArray(x);
const isWhole = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

function bad(message: string): ConfigResult<Config> {
  return { ok: false, error: rejection('bad-config', message) };
}

/** Untrusted input: missing fields take their defaults, anything else wrong is refused with why. */
export function parseConfig(raw: unknown, players: number): ConfigResult<Config> {
  if (!isWhole(players, MIN_PLAYERS, MAX_PLAYERS)) {
    return {
      ok: false,
      error: rejection('bad-players', `HiLO is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`),
    };
  }
  const config = defaultConfig(players);
  if (raw === undefined || raw === null) return { ok: true, config };
  if (!isObject(raw)) return bad('The options must be an object.');
  const stray = Object.keys(raw).find((k) => !['limit', 'maxTurns', 'firstDealer'].includes(k));
  if (stray) return bad(`Unknown option "${stray}".`);
  if (raw.limit !== undefined) {
    if (!isWhole(raw.limit, 1, 10000))
      return bad('"limit" must be a whole number from 1 to 10000.');
    config.limit = raw.limit;
  }
  if (raw.maxTurns !== undefined) {
    if (!isWhole(raw.maxTurns, 1, 1000)) {
      return bad('"maxTurns" must be a whole number from 1 to 1000.');
    }
    config.maxTurns = raw.maxTurns;
  }
  if (raw.firstDealer !== undefined) {
    if (!isWhole(raw.firstDealer, 0, players - 1)) {
      return bad(`"firstDealer" must be a seat from 0 to ${players - 1}.`);
    }
    config.firstDealer = raw.firstDealer;
  }
  return { ok: true, config };
}
