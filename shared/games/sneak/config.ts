import { rejection } from '../../engine/reject.ts';
import type { ConfigResult } from '../../engine/types.ts';
import type { Config } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 7;
export const MAX_TARGET = 10000;

/** SN-1: two packs from five players on; four play with one unless the table asks for two. */
export function defaultPacks(players: number): 1 | 2 {
  return players >= 5 ? 2 : 1;
}

/** SN-13: game is 100 points with one pack, 200 with two. */
export function defaultTarget(packs: 1 | 2): number {
  return packs === 1 ? 100 : 200;
}

export function defaultConfig(players: number): Config {
  const packs = defaultPacks(players);
  return { packs, target: defaultTarget(packs) };
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
      error: rejection('bad-players', `Sneak is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`),
    };
  }
  if (raw === undefined || raw === null) return { ok: true, config: defaultConfig(players) };
  if (!isObject(raw)) return bad('The options must be an object.');
  const stray = Object.keys(raw).find((k) => k !== 'packs' && k !== 'target');
  if (stray) return bad(`Unknown option "${stray}".`);

  let packs = defaultPacks(players);
  if (raw.packs !== undefined) {
    if (raw.packs !== 1 && raw.packs !== 2) return bad('"packs" must be 1 or 2.');
    // SN-1: only four players may choose.
    if (raw.packs === 1 && players >= 5) return bad('Five or more players need two packs.');
    if (raw.packs === 2 && players <= 3) return bad('Two or three players use a single pack.');
    packs = raw.packs;
  }
  let target = defaultTarget(packs);
  if (raw.target !== undefined) {
    if (!isWhole(raw.target, 1, MAX_TARGET)) {
      return bad(`"target" must be a whole number from 1 to ${MAX_TARGET}.`);
    }
    target = raw.target;
  }
  return { ok: true, config: { packs, target } };
}
