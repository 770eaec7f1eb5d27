/** Sneak positions for the board's tests, made and played through the engine itself. */
import { parseConfig } from '../../shared/games/sneak/config.ts';
import { sneak } from '../../shared/games/sneak/index.ts';
import type { Scenario, State } from '../../shared/games/sneak/types.ts';

/** A stacked position with the default config for its player count. */
export function start(scenario: Scenario): State {
  const parsed = parseConfig({}, scenario.hands.length);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return sneak.fromScenario(parsed.config, scenario);
}

/** The state after `seat` makes `move`, which must be legal. */
export function play(state: State, seat: number, move: unknown): State {
  const out = sneak.apply(state, seat, move);
  if (!out.ok) throw new Error(out.error.message);
  return out.state;
}
