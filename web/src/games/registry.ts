/**
 * Every game the site offers, by id (shared/engine/types.ts lists the ids). Each game's web folder
 * holds its own entry (info.ts); this record is the one place that names them all.
 */
import type { GameId } from '../../../shared/engine/types.ts';
import { hilo } from './hilo/info.ts';
import { hulahoo } from './hulahoo/info.ts';
import { sneak } from './sneak/info.ts';
import type { AnyGameInfo } from './types.ts';

const GAMES = { hulahoo, hilo, sneak } satisfies Record<GameId, AnyGameInfo>;

/** A game's entry, for the pages that handle every game alike. */
export const gameInfo = (id: GameId): AnyGameInfo => GAMES[id];
