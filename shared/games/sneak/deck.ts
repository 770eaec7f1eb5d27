import { cardId, compareIds, labeller } from '../../engine/cards.ts';
import type { Card, Suit } from './types.ts';

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const ACE = 14;
export const PACK_SIZE = 52;
export const ID_PREFIX = 'c';

const RANK_NAMES: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };

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
