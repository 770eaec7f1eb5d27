/**
 * A test's own per-game table. Tables are partial, so a new game breaks the type check only in the
 * registries (README, "Adding a game"). Tests read them for every id in GAME_IDS: a table a
 * game can do without has a fallback where it is read; a game missing from a table it needs gets
 * one failing test that says so, by name, while every other game's tests still run.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS, type GameId } from '../../../shared/engine/types.ts';

export type PerGame<T> = Partial<Record<GameId, T>>;

/**
 * `describe(title)` for every game in GAME_IDS (`%s` in `title` is the game's id), `body` run with
 * its entry in `table`. A game without an entry gets, instead, one test that fails and names
 * `what` it lacks.
 */
export function describeEachGame<T>(
  table: PerGame<T>,
  what: string,
  title: string,
  body: (id: GameId, entry: T) => void,
): void {
  describe.each(GAME_IDS)(title, (id) => {
    const entry = table[id];
    if (entry === undefined) {
      it(`has a ${what}`, () => {
        expect.fail(`${id} has no ${what}: add one for it`);
      });
      return;
    }
    body(id, entry);
  });
}
