/**
 * Every game the site offers, by id (shared/engine/types.ts lists the ids). Each game's web folder
 * holds its own entry (info.ts); this record is the one place that names them all.
 */
import type { GameId } from '../../../shared/engine/types.ts';
import { hilo } from './hilo/info.ts';
import { hulahoo } from './hulahoo/info.ts';
import { sneak } from './sneak/info.ts';
import type { AnyGameInfo, AnyGameModule } from './types.ts';

const GAMES = { hulahoo, hilo, sneak } satisfies Record<GameId, AnyGameInfo>;

/** A game's entry, for the pages that handle every game alike. */
export const gameInfo = (id: GameId): AnyGameInfo => GAMES[id];

const boards = new Map<GameId, AnyGameModule>();

/** A game's board module (its code and styles), loaded once and kept: see `loadedBoard`. */
export function loadBoard(id: GameId): Promise<AnyGameModule> {
  return gameInfo(id)
    .load()
    .then((board) => {
      boards.set(id, board);
      return board;
    });
}

/** A game's board module if it has loaded, so that a page drawn after that has it at once. */
export const loadedBoard = (id: GameId): AnyGameModule | undefined => boards.get(id);
