import { cardId } from '../../engine/cards.ts';
import type { Card, Suit } from './types.ts';

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const ACE = 14;
export const PACK_SIZE = 52;

const RANK_NAMES: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };

function makePacks(packs: number): readonly Card[] {
  const cards: Card[] = [];
  for (let p = 0; p < packs; p++) {
    for (const s of SUITS) {
      for (let r = 2; r <= ACE; r++)
        cards.push(Object.freeze({ id: cardId('c', cards.length), r, s }));
    }
  }
  return Object.freeze(cards);
}

/**
 * SN-1: one or two 52-card packs. The same ids every round: an id is only ever sent together with
 * its card, so it tells nothing more. With two packs the twin cards have different ids.
 */
export const DECKS: Readonly<Record<1 | 2, readonly Card[]>> = Object.freeze({
  1: makePacks(1),
  2: makePacks(2),
});

/** A card written as in scenarios: '10H', 'QS', 'AD', '2C'. Null if it is not one. */
export function parseCard(text: string): { r: number; s: Suit } | null {
  const match = /^(10|[2-9JQKA])([SHDC])$/.exec(text);
  if (!match) return null;
  const rank = match[1]!;
  return { r: RANK_NAMES[rank] ?? Number(rank), s: match[2] as Suit };
}

/** '10H', 'QS'…: for messages and tests. */
export function cardName(card: { r: number; s: Suit }): string {
  const names = ['', '', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  return names[card.r]! + card.s;
}
