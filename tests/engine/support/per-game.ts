/**
 * A test's own per-game table, read for every id in GAME_IDS. Tables are partial, so a new game
 * breaks the type check only in the three registries (README, "Adding a game"); a game a table
 * lacks then fails the tests that read it, by name, instead of going untested.
 */
import { GAME_IDS, type GameId } from '../../../shared/engine/types.ts';

export type PerGame<T> = Partial<Record<GameId, T>>;

/** Every game with its entry in `table`; throws, naming `what` is missing, for a game without one. */
export function eachGame<T>(table: PerGame<T>, what: string): [GameId, T][] {
  return GAME_IDS.map((id) => [id, entryFor(table, id, what)]);
}

/** `id`'s entry in `table`; throws, naming `what` is missing, if it has none. */
export function entryFor<T>(table: PerGame<T>, id: GameId, what: string): T {
  const entry = table[id];
  if (entry === undefined) throw new Error(`${id} has no ${what}: add one for it`);
  return entry;
}
