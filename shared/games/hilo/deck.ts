import { cardId } from '../../engine/cards.ts';
import type { Card } from './types.ts';

export const COLOURS = 8;
export const MIN_VALUE = -1;
export const MAX_VALUE = 11;
export const DECK_SIZE = 104;

/**
 * HL-1: one card of each value −1…11 in each of 8 colours: 104 cards. The same ids every round;
 * they are only ever sent together with the card's face, so they reveal nothing more.
 */
export const DECK: readonly Card[] = Object.freeze(
  (() => {
    const cards: Card[] = [];
    for (let c = 0; c < COLOURS; c++) {
      for (let v = MIN_VALUE; v <= MAX_VALUE; v++) {
        cards.push(Object.freeze({ id: cardId('h', cards.length), v, c }));
      }
    }
    return cards;
  })(),
);
