import { cardId, labeller } from '../../engine/cards.ts';
import type { Card } from './types.ts';

export const COLOURS = 8;
export const MIN_VALUE = -1;
export const MAX_VALUE = 11;
export const DECK_SIZE = 104;
export const ID_PREFIX = 'h';

/**
 * HL-1: one card of each value −1…11 in each of 8 colours: 104 cards. These ids are the deck's own
 * labels, used as they are only by stacked positions (fromScenario); a game draws its own
 * relabelling at setup (drawLabels), so an id says nothing of a card's place here or in a deal.
 */
export const DECK: readonly Card[] = Object.freeze(
  (() => {
    const cards: Card[] = [];
    for (let c = 0; c < COLOURS; c++) {
      for (let v = MIN_VALUE; v <= MAX_VALUE; v++) {
        cards.push(Object.freeze({ id: cardId(ID_PREFIX, cards.length), v, c }));
      }
    }
    return cards;
  })(),
);

/** A fresh unshuffled deck under a game's labels (drawLabels): DECK's faces, the game's ids. */
export const labelledDeck = labeller(DECK, ID_PREFIX);
