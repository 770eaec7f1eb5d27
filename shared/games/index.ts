import type { AnyGame, GameId } from '../engine/types.ts';
import { hilo } from './hilo/index.ts';
import { hulahoo } from './hulahoo/index.ts';
import { sneak } from './sneak/index.ts';

export type { GameId } from '../engine/types.ts';

/** Every game the tables can host, by id. */
export const games: Partial<Record<GameId, AnyGame>> = {
  hulahoo,
  hilo,
  sneak,
};
