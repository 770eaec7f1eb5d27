/**
 * Game states stored by an older server, brought up to date when a table loads, so a redeploy
 * never loses a game in progress: an older generator and no card labels; Hula-Hoo! without the
 * count of cards under its draw pile.
 */
import { plainLabels } from '../../shared/engine/cards.ts';
import { seedRng } from '../../shared/engine/rng.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { DECK_SIZE as HILO_DECK } from '../../shared/games/hilo/deck.ts';
import { DECK_SIZE as HULAHOO_DECK } from '../../shared/games/hulahoo/deck.ts';
import { PACK_SIZE } from '../../shared/games/sneak/faces.ts';
import type { TableMeta } from './meta.ts';

type Stored = {
  rng?: unknown;
  labels?: unknown;
  config?: { packs?: number };
  returned?: unknown;
};

/** The deck sizes of the games that were played before card labels: a newer game has none. */
const OLD_DECKS: Partial<Record<GameId, (state: Stored) => number>> = {
  hilo: () => HILO_DECK,
  hulahoo: () => HULAHOO_DECK,
  sneak: (state) => PACK_SIZE * (state.config?.packs === 2 ? 2 : 1),
};

/**
 * A stored state, up to date (the same object when it is already). States from before the
 * ChaCha20 generator held sfc32's four numbers and no card labels. Their cards carry the deck's
 * own labels, so those are kept; the generator is re-keyed from the game's secret seed, which
 * only changes deals still to come. (Such a game's record then no longer replays from its seed:
 * the price of carrying it over.)
 */
export function upgradeState(meta: TableMeta, state: unknown): RoundState | null {
  let s = state as Stored | null | undefined;
  if (s === null || s === undefined) return state as null;
  if (Array.isArray(s.rng)) {
    const deckSize = OLD_DECKS[meta.game];
    if (!deckSize) throw new Error(`table ${meta.id}: no ${meta.game} state predates card labels`);
    s = {
      ...s,
      rng: seedRng(`${meta.seed ?? meta.id}:${meta.moveCount}`),
      labels: Array.isArray(s.labels) ? s.labels : plainLabels(deckSize(s)),
    };
  }
  // Hula-Hoo! states from before the swap's cards under the pile were counted (HH-3): none were.
  if (meta.game === 'hulahoo' && typeof s.returned !== 'number') s = { ...s, returned: 0 };
  return s as unknown as RoundState;
}
