/**
 * Each game's name and one line about it, in English: the start page lists them, and a table
 * link's preview (worker/pages.ts) names the game with them. The page's French and German lines
 * sit beside its English in each game's web/src/games/<id>/info.ts.
 */
import type { GameId } from '../engine/types.ts';

export const GAME_TITLES: Record<GameId, { name: string; blurb: string }> = {
  hulahoo: {
    name: 'Hula-Hoo!',
    blurb: 'Call higher or lower, double up, keep your hoop spinning.',
  },
  hilo: { name: 'HiLO', blurb: 'Keep your 3×3 grid low and clear lines of one colour.' },
  sneak: { name: 'Sneak', blurb: 'Bluff face down or show your strength face up to win cards.' },
};
