/** How Hula-Hoo!'s cards are said, in the current language (plain functions, no JSX). */
import { JOKER } from '../../../../shared/games/hulahoo/constants.ts';
import type { Card } from '../../../../shared/games/hulahoo/types.ts';
import { t } from './strings.ts';

export function cardName(card: Card): string {
  return card.v === JOKER ? t('hh.joker') : String(card.v);
}
