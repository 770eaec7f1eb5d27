/**
 * Game states stored by an older server, brought up to date when a table loads, so a redeploy
 * never loses a game in progress.
 */
import { plainLabels } from '../shared/engine/cards.ts';
import { seedRng } from '../shared/engine/rng.ts';
import { DECK_SIZE as HILO_DECK } from '../shared/games/hilo/deck.ts';
import { DECK_SIZE as HULAHOO_DECK } from '../shared/games/hulahoo/deck.ts';
import { PACK_SIZE } from '../shared/games/sneak/deck.ts';
import type { TableMeta } from './table.ts';

type Stored = { rng?: unknown; labels?: unknown; config?: { packs?: number } };

function deckSize(meta: TableMeta, state: Stored): number {
  if (meta.game === 'hilo') return HILO_DECK;
  if (meta.game === 'hulahoo') return HULAHOO_DECK;
  return PACK_SIZE * (state.config?.packs === 2 ? 2 : 1);
}

/**
 * States from before the ChaCha20 generator held sfc32's four numbers and no card labels. Their
 * cards carry the deck's own labels, so those are kept; the generator is re-keyed from the game's
 * secret seed, which only changes deals still to come. (Such a game's record then no longer
 * replays from its seed: the price of carrying it over.)
 */
export function upgradeState(meta: TableMeta, state: unknown): unknown {
  const s = state as Stored | null;
  if (s === null || !Array.isArray(s.rng)) return state;
  return {
    ...s,
    rng: seedRng(`${meta.seed ?? meta.id}:${meta.moveCount}`),
    labels: Array.isArray(s.labels) ? s.labels : plainLabels(deckSize(meta, s)),
  };
}
