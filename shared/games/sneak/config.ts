import { isWhole, startParsing } from '../../engine/config.ts';
import { fail } from '../../engine/reject.ts';
import type { ConfigErrorCode, Result } from '../../engine/types.ts';
import type { Config } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 7;
/** ALL-3: the targets a table may play to, so that every game ends. */
export const TARGET_RANGE = { min: 50, max: 400 } as const;
const RANGE = { min: MIN_PLAYERS, max: MAX_PLAYERS };

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

/** Untrusted input: missing fields take their defaults, anything else wrong is refused with why. */
export function parseConfig(
  input: unknown,
  players: number,
): Result<{ config: Config }, ConfigErrorCode> {
  const start = startParsing('Sneak', input, players, RANGE, ['packs', 'target']);
  if (!start.ok) return start;
  const { raw } = start;
  let packs = defaultPacks(players);
  if (raw.packs !== undefined) {
    if (raw.packs !== 1 && raw.packs !== 2) return fail('bad-config', '"packs" must be 1 or 2.');
    // SN-1: only four players may choose.
    if (raw.packs === 1 && players >= 5)
      return fail('bad-config', 'Five or more players need two packs.');
    if (raw.packs === 2 && players <= 3)
      return fail('bad-config', 'Two or three players use a single pack.');
    packs = raw.packs;
  }
  let target = defaultTarget(packs);
  if (raw.target !== undefined) {
    const { min, max } = TARGET_RANGE;
    if (!isWhole(raw.target, min, max)) {
      return fail('bad-config', `"target" must be a whole number from ${min} to ${max}.`);
    }
    target = raw.target;
  }
  return { ok: true, config: { packs, target } };
}
