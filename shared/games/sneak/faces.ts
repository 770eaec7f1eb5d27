/**
 * A Sneak card's face, apart from any deck: the suits and ranks (SN-1) and how a card is written.
 * The board needs these alone, without the deck and its ids.
 */
import type { Suit } from './types.ts';

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const ACE = 14;
export const PACK_SIZE = 52;

const RANK_NAMES: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };

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
