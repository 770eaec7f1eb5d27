import { cardId, compareIds, labeller } from '../../engine/cards.ts';
import { JOKER } from './constants.ts';
import type { Card } from './types.ts';
export const DECK_SIZE = 84;
export const ID_PREFIX = 'c';

/**
 * HH-1: values 1–6 and 8–13 six times each, plus twelve jokers (7): 84 cards. These ids are the
 * deck's own labels, used as they are only by stacked positions (fromScenario); a game draws its
 * own relabelling at setup (drawLabels), so an id says nothing of a card's place here or in a deal.
 */
export const DECK: readonly Card[] = Object.freeze(
  (() => {
    const cards: Card[] = [];
    for (let v = 1; v <= 13; v++) {
      const copies = v === JOKER ? 12 : 6;
      for (let k = 0; k < copies; k++)
        cards.push(Object.freeze({ id: cardId(ID_PREFIX, cards.length), v }));
    }
    return cards;
  })(),
);

/** A fresh unshuffled deck under a game's labels (drawLabels): DECK's faces, the game's ids. */
export const labelledDeck = labeller(DECK, ID_PREFIX);

/** Hand order: by value, then id. Hands are kept sorted, never in the order they were dealt. */
export function compareCards(a: Card, b: Card): number {
  return a.v - b.v || compareIds(a, b);
}
