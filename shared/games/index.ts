import type { AnyGame, ErrorCodeOf, GameId } from '../engine/types.ts';
import { hilo } from './hilo/index.ts';
import { hulahoo } from './hulahoo/index.ts';
import { sneak } from './sneak/index.ts';

export type { GameId } from '../engine/types.ts';

const registry = { hulahoo, hilo, sneak } satisfies Record<GameId, AnyGame>;

/** Every game the tables can host, by id. */
export const games: Record<GameId, AnyGame> = registry;

/** The refusals of every game's own rules. */
export type GameErrorCode = ErrorCodeOf<(typeof registry)[GameId]>;
