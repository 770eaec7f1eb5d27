/** How cards, places and lines are said, in the current language (plain functions, no JSX). */
import type { Hidden } from '../../../../shared/engine/types.ts';
import type { Card, Line } from '../../../../shared/games/hilo/types.ts';
import { t } from './strings.ts';

export const isHidden = (card: Card | Hidden): card is Hidden => 'hidden' in card;

/** HL-1's eight colours, by number: each has its name among the board's strings. */
type Colour = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
const isColour = (c: number): c is Colour => Number.isInteger(c) && c >= 0 && c <= 7;

export function colourName(c: number): string {
  return isColour(c) ? t(`hl.colour.${c}`) : String(c);
}

/** Values with a true minus sign, so −1 reads as minus one. */
export function valueText(v: number): string {
  return v < 0 ? `−${-v}` : String(v);
}

/** "red 3", "3 rouge", "Rot 3". */
export function cardName(card: Card): string {
  return t('hl.card', { colour: colourName(card.c), v: valueText(card.v) });
}

/** What a screen reader hears for one place in a layout. */
export function slotName(card: Card | Hidden): string {
  return isHidden(card) ? t('hl.faceDown') : t('hl.faceUp', { card: cardName(card) });
}

export function lineName(line: Line): string {
  return t(`hl.line.${line.kind}`, { n: (line.index ?? 0) + 1 });
}

/** "A, B and C". */
export function joinNames(list: readonly string[]): string {
  if (list.length < 2) return list.join('');
  return `${list.slice(0, -1).join(', ')}${t('hl.and')}${list[list.length - 1]}`;
}
