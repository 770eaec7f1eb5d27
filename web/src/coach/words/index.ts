/** Each game's words for its moves (words/<game>.ts), loaded with the panel that says them. */
import type { GameId } from '../../../../shared/engine/types.ts';
import type { Words } from './common.ts';

/** Each brings its game's card names, which its board has loaded already. */
export const WORDS: Record<GameId, () => Promise<Words>> = {
  hulahoo: () => import('./hulahoo.ts').then((m) => m.words),
  hilo: () => import('./hilo.ts').then((m) => m.words),
  sneak: () => import('./sneak.ts').then((m) => m.words),
};
