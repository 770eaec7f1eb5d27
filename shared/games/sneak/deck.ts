import { cardId, compareIds, labeller } from '../../engine/cards.ts';
import { ACE, SUITS } from './faces.ts';
import type { Card } from './types.ts';

export const ID_PREFIX = 'c';

function makePacks(packs: number): readonly Card[] {
  const cards: Card[] = [];
  for (let p = 0; p < packs; p++) {
    for (const s of SUITS) {
      for (let r = 2; r <= ACE; r++)
        cards.push(Object.freeze({ id: cardId(ID_PREFIX, cards.length), r, s }));
    }
  }
  return Object.freeze(cards);
}

/**
 * SN-1: one or two 52-card packs; with two the twin cards have different ids. These ids are the
 * packs' own labels, used as they are only by stacked positions (fromScenario); a game draws its
 * own relabelling at setup (drawLabels), so an id says nothing of a card's place here (nor which
 * pack a twin came from) or of the order it was drawn in.
 */
export const DECKS: Readonly<Record<1 | 2, readonly Card[]>> = Object.freeze({
  1: makePacks(1),
  2: makePacks(2),
});

const LABELLERS = { 1: labeller(DECKS[1], ID_PREFIX), 2: labeller(DECKS[2], ID_PREFIX) };

/** Fresh unshuffled packs under a game's labels (drawLabels): DECKS' faces, the game's ids. */
export function labelledPacks(packs: 1 | 2, labels: readonly number[]): Card[] {
  return LABELLERS[packs](labels);
}

/** Hand order: by rank, then suit (S H D C), then id. Hands are kept sorted, never in draw order. */
export function compareCards(a: Card, b: Card): number {
  return a.r - b.r || SUITS.indexOf(a.s) - SUITS.indexOf(b.s) || compareIds(a, b);
}
