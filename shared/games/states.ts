/**
 * Every game's stored state schema, by id, and the one way a stored state is read back. Apart from
 * the games themselves (index.ts), which the client imports for replays: it never parses a stored
 * state, so it does not bundle these.
 */
import * as v from 'valibot';
import { fail } from '../engine/reject.ts';
import type { RoundState } from '../engine/rounds.ts';
import type { GameId, Result } from '../engine/types.ts';
import { issueText } from '../issues.ts';
import { stateSchema as hilo } from './hilo/state.ts';
import { stateSchema as hulahoo } from './hulahoo/state.ts';
import { stateSchema as sneak } from './sneak/state.ts';

/** Each game's schema gives states of that game alone: a game without one does not compile. */
const registry = { hulahoo, hilo, sneak } satisfies {
  [G in GameId]: v.GenericSchema<unknown, RoundState<G>>;
};

export const stateSchemas: Record<GameId, v.GenericSchema<unknown, RoundState>> = registry;

/**
 * A stored state of `game` in its game's type: every field checked, unknown ones dropped, and a
 * state of another game refused (its `game` is not this one's). Else the first thing wrong with
 * it, and where.
 */
export function parseState(game: GameId, raw: unknown): Result<{ state: RoundState }, 'bad-state'> {
  const parsed = v.safeParse(stateSchemas[game], raw, { abortEarly: true });
  if (!parsed.success) return fail('bad-state', issueText(parsed.issues, 'state'));
  return { ok: true, state: parsed.output };
}
