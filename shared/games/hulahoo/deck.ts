import { cardId } from '../../engine/cards.ts';
import type { Card } from './types.ts';

export const JOKER = 7;
export const DECK_SIZE = 84;

/**
 * HH-1: values 1–6 and 8–13 six times each, plus twelve jokers (7): 84 cards. The same ids every
 * round; they are only ever sent together with the card's value, so they reveal nothing more.
 */
export const DECK: readonly Card[] = Object.freeze(
  (() => {
    const cards: Card[] = [];
    for (let v = 1; v <= 13; v++) {
      const copies = v === JOKER ? 12 : 6;
      for (let k = 0; k < copies; k++)
        cards.push(Object.freeze({ id: cardId('c', cards.length), v }));
    }
    return cards;
  })(),
);
