import { isWhole, startParsing, unknownKey } from '../../engine/config.ts';
import { fail, isObject } from '../../engine/reject.ts';
import type { ConfigErrorCode, Result } from '../../engine/types.ts';
import type { Config, Goal } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
const RANGE = { min: MIN_PLAYERS, max: MAX_PLAYERS };

/** HH-15: the game ends at 77 points, or after 3 round wins when played to round wins. */
export const DEFAULT_POINTS = 77;
export const DEFAULT_WINS = 3;

/** ALL-3: the goals a table may play to, so that every game ends. */
export const POINTS_RANGE = { min: 20, max: 200 } as const;
export const WINS_RANGE = { min: 1, max: 10 } as const;

/** HH-16: the chaos rules, each switched on or off by itself. */
export const CHAOS_RULES = ['chooseFaceUp', 'noSwap', 'chooseTarget'] as const;

export function defaultConfig(_players: number): Config {
  return {
    goal: { kind: 'points', points: DEFAULT_POINTS },
    chaos: { chooseFaceUp: false, noSwap: false, chooseTarget: false }, // HH-16
  };
}

/** Untrusted input: missing fields take their defaults, anything else wrong is refused with why. */
export function parseConfig(
  input: unknown,
  players: number,
): Result<{ config: Config }, ConfigErrorCode> {
  const start = startParsing('Hula-Hoo!', input, players, RANGE, ['goal', 'chaos', 'firstDealer']);
  if (!start.ok) return start;
  const { raw } = start;
  const config = defaultConfig(players);
  if (raw.goal !== undefined) {
    const goal = parseGoal(raw.goal);
    if (typeof goal === 'string') return fail('bad-config', goal);
    config.goal = goal;
  }
  if (raw.chaos !== undefined) {
    if (!isObject(raw.chaos))
      return fail('bad-config', '"chaos" must be an object of on/off switches.');
    const chaos = raw.chaos;
    const strayChaos = unknownKey(chaos, CHAOS_RULES);
    if (strayChaos) return fail('bad-config', `Unknown chaos rule "${strayChaos}".`);
    for (const key of CHAOS_RULES) {
      const value = chaos[key];
      if (value === undefined) continue;
      if (typeof value !== 'boolean')
        return fail('bad-config', `Chaos rule "${key}" must be true or false.`);
      config.chaos[key] = value;
    }
  }
  if (raw.firstDealer !== undefined) {
    if (!isWhole(raw.firstDealer, 0, players - 1)) {
      return fail('bad-config', `"firstDealer" must be a seat from 0 to ${players - 1}.`);
    }
    config.firstDealer = raw.firstDealer;
  }
  return { ok: true, config };
}

function parseGoal(raw: unknown): Goal | string {
  if (!isObject(raw)) return '"goal" must be an object.';
  if (raw.kind === 'points') {
    const stray = unknownKey(raw, ['kind', 'points']);
    if (stray) return `Unknown goal field "${stray}".`;
    const points = raw.points ?? DEFAULT_POINTS;
    const { min, max } = POINTS_RANGE;
    if (!isWhole(points, min, max))
      return `The points goal must be a whole number from ${min} to ${max}.`;
    return { kind: 'points', points };
  }
  if (raw.kind === 'wins') {
    const stray = unknownKey(raw, ['kind', 'wins', 'consecutive']);
    if (stray) return `Unknown goal field "${stray}".`;
    const wins = raw.wins ?? DEFAULT_WINS;
    const { min, max } = WINS_RANGE;
    if (!isWhole(wins, min, max))
      return `The round-wins goal must be a whole number from ${min} to ${max}.`;
    const consecutive = raw.consecutive ?? false;
    if (typeof consecutive !== 'boolean') return '"consecutive" must be true or false.';
    return { kind: 'wins', wins, consecutive };
  }
  return 'The goal kind must be "points" or "wins".';
}
