import { Show } from 'solid-js';
import { JOKER } from '../../../../shared/games/hulahoo/constants.ts';
import type { Card } from '../../../../shared/games/hulahoo/types.ts';
import { useAdviceMark } from '../../advice-marks.ts';
import { useHiddenMark, useLastMove } from '../../last-move.ts';
import { cardName } from './names.ts';

/**
 * A Hula-Hoo! card face: its value large, the joker marked with a star. `small` for the pile of
 * the rules' pictures, `mini` for the others' cards in their tiles.
 */
export function CardFace(props: { card: Card; small?: boolean; mini?: boolean }) {
  const lastMove = useLastMove();
  const mark = useHiddenMark();
  const advice = useAdviceMark();
  return (
    <span
      class="hh-card"
      classList={{
        joker: props.card.v === JOKER,
        small: props.small,
        mini: props.mini,
        'last-move': lastMove(props.card.id),
        'was-hidden': mark(props.card.id).hidden,
        ...advice(props.card.id).classes,
      }}
      data-v={props.card.v}
      data-card={props.card.id}
      data-advice={advice(props.card.id).badge}
      role="img"
      aria-label={cardName(props.card) + mark(props.card.id).label + advice(props.card.id).label}
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
