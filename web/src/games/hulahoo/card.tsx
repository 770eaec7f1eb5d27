import { Show } from 'solid-js';
import { JOKER } from '../../../../shared/games/hulahoo/constants.ts';
import type { Card } from '../../../../shared/games/hulahoo/types.ts';
import { useHiddenMark, useLastMove } from '../../last-move.ts';
import { t } from './strings.ts';

export function cardName(card: Card): string {
  return card.v === JOKER ? t('hh.joker') : String(card.v);
}

/**
 * A Hula-Hoo! card face: its value large, the joker marked with a star. `small` for the pile of
 * the rules' pictures, `mini` for the others' cards in their tiles.
 */
export function CardFace(props: { card: Card; small?: boolean; mini?: boolean }) {
  const lastMove = useLastMove();
  const mark = useHiddenMark();
  return (
    <span
      class="hh-card"
      classList={{
        joker: props.card.v === JOKER,
        small: props.small,
        mini: props.mini,
        'last-move': lastMove(props.card.id),
        'was-hidden': mark(props.card.id).hidden,
      }}
      data-v={props.card.v}
      data-card={props.card.id}
      role="img"
      aria-label={cardName(props.card) + mark(props.card.id).label}
    >
      <span class="corner" aria-hidden="true">
        {props.card.v}
      </span>
      <span class="pip" aria-hidden="true">
        <Show when={props.card.v === JOKER} fallback={props.card.v}>
          ★
        </Show>
      </span>
    </span>
  );
}
