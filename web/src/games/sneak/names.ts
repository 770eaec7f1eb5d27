/** How Sneak's cards are said, in the current language (plain functions, no JSX). */
import type { Suit } from '../../../../shared/games/sneak/types.ts';
import { t } from './strings.ts';

/** The ranks, 2 to 14 (the ace): each has its name among the board's strings. */
type Rank = 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14;
const isRank = (r: number): r is Rank => Number.isInteger(r) && r >= 2 && r <= 14;

/** "queen of hearts", "dame de cœur", "Herz Dame". */
export function cardName(card: { r: number; s: Suit }): string {
  const rank = isRank(card.r) ? t(`sn.rank.${card.r}`) : String(card.r);
  return t('sn.card', { rank, suit: t(`sn.suit.${card.s}`) });
}

export function cardNames(cards: readonly { r: number; s: Suit }[]): string {
  return cards.map(cardName).join(', ');
}
