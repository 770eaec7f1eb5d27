/** Each game's board code, fetched only when a table of that game opens. */
import type { GameId } from '../../../shared/engine/types.ts';
import type { GameModule } from './types.ts';

const BOARDS: Record<GameId, () => Promise<{ default: GameModule }>> = {
  hulahoo: () => import('./hulahoo/index.tsx') as never,
  hilo: () => import('./hilo/index.tsx') as never,
  sneak: () => import('./sneak/index.tsx') as never,
};

export const loadBoard = (game: GameId) => BOARDS[game]();
