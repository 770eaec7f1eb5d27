/**
 * Game states stored by an older server, brought up to date when a table loads, before the
 * game's schema checks them (stored.ts), so a redeploy never loses a game in progress: an older
 * generator and no card labels; Hula-Hoo! without the count of cards under its draw pile.
 */
import { plainLabels } from '../../shared/engine/cards.ts';
import { isObject } from '../../shared/engine/reject.ts';
import { seedRng } from '../../shared/engine/rng.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { DECK_SIZE as HILO_DECK } from '../../shared/games/hilo/deck.ts';
import { DECK_SIZE as HULAHOO_DECK } from '../../shared/games/hulahoo/deck.ts';
import { PACK_SIZE } from '../../shared/games/sneak/faces.ts';
import type { TableMeta } from './meta.ts';

/** The deck sizes of the games that were played before card labels: a newer game has none. */
const OLD_DECKS: Partial<Record<GameId, (state: Record<string, unknown>) => number>> = {
  hilo: () => HILO_DECK,
  hulahoo: () => HULAHOO_DECK,
  sneak: (state) => PACK_SIZE * (isObject(state.config) && state.config.packs === 2 ? 2 : 1),
};

/**
 * A stored state, up to date (the same value when it is already; anything but an object is left
 * for the schema to refuse). States from before the ChaCha20 generator held sfc32's four numbers
 * and no card labels. Their cards carry the deck's own labels, so those are kept; the generator
 * is re-keyed from the game's secret seed, which only changes deals still to come. (Such a game's
 * record then no longer replays from its seed: the price of carrying it over.)
 */
export function upgradeState(meta: TableMeta, state: unknown): unknown {
  if (!isObject(state)) return state;
  let s = state;
  const deckSize = OLD_DECKS[meta.game];
  if (Array.isArray(s.rng) && deckSize) {
    s = {
      ...s,
      rng: seedRng(`${meta.seed ?? meta.id}:${meta.moveCount}`),
      labels: Array.isArray(s.labels) ? s.labels : plainLabels(deckSize(s)),
    };
  }
  // Hula-Hoo! states from before the swap's cards under the pile were counted (HH-3): none were.
  if (meta.game === 'hulahoo' && typeof s.returned !== 'number') s = { ...s, returned: 0 };
  return s;
}
