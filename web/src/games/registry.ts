import type { AnyGame, GameId } from '../../../shared/engine/types.ts';
import * as hilo from '../../../shared/games/hilo/config.ts';
import * as hulahoo from '../../../shared/games/hulahoo/config.ts';
import * as sneak from '../../../shared/games/sneak/config.ts';
import { loadBoard } from './loaders.ts';
import type { GameModule } from './types.ts';

export interface GameInfo {
  id: GameId;
  name: string;
  min: number;
  max: number;
  load: () => Promise<{ default: GameModule }>;
  /** The rules engine itself, for replaying a finished game: loaded only when asked for. */
  engine: () => Promise<AnyGame>;
}

/** Each game's board loads only when a table of that game opens. */
export const GAMES: GameInfo[] = [
  {
    id: 'hulahoo',
    name: 'Hula-Hoo!',
    min: hulahoo.MIN_PLAYERS,
    max: hulahoo.MAX_PLAYERS,
    load: () => loadBoard('hulahoo'),
    engine: () => import('../../../shared/games/hulahoo/index.ts').then((m) => m.hulahoo),
  },
  {
    id: 'hilo',
    name: 'HiLO',
    min: hilo.MIN_PLAYERS,
    max: hilo.MAX_PLAYERS,
    load: () => loadBoard('hilo'),
    engine: () => import('../../../shared/games/hilo/index.ts').then((m) => m.hilo),
  },
  {
    id: 'sneak',
    name: 'Sneak',
    min: sneak.MIN_PLAYERS,
    max: sneak.MAX_PLAYERS,
    load: () => loadBoard('sneak'),
    engine: () => import('../../../shared/games/sneak/index.ts').then((m) => m.sneak),
  },
];

export const gameInfo = (id: GameId): GameInfo => GAMES.find((g) => g.id === id)!;
