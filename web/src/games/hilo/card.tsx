/**
 * HiLO cards. Eight colours, each told apart three ways: a fill chosen to stay distinct for common
 * colour-vision deficiencies (the ink switches between dark and light with it), a shape of its own
 * in the corners, and its name in the accessible label.
 */
import { createMemo, Show } from 'solid-js';
import type { Hidden } from '../../../../shared/engine/types.ts';
import type { Card } from '../../../../shared/games/hilo/types.ts';
import { useAdviceMark } from '../../advice-marks.ts';
import { useHiddenMark, useLastMove } from '../../last-move.ts';
import { cardName, isHidden, valueText } from './names.ts';
import { t } from './strings.ts';

export type Size = 'large' | 'medium' | 'small' | 'mini';

/** One shape per colour, drawn in a 20×20 box. */
const SHAPES: string[] = [
  'M10 1.5a8.5 8.5 0 1 0 0.01 0Z', // 0 red: disc
  'M2.5 2.5h15v15h-15Z', // 1 blue: square
  'M10 1.5 18.8 17.5H1.2Z', // 2 yellow: triangle
  'M10 0.8 19.2 10 10 19.2 0.8 10Z', // 3 green: diamond
  'M10 0.8l2.7 6.3 6.8.6-5.2 4.5 1.6 6.7L10 15.3l-5.9 3.6 1.6-6.7L.5 7.7l6.8-.6Z', // 4 orange: star
  'M7 1.5h6v5.5h5.5v6H13v5.5H7V13H1.5V7H7Z', // 5 purple: cross
  'M10 1 17.8 5.5v9L10 19l-7.8-4.5v-9Z', // 6 white: hexagon
  'M10 18.5 2.4 10.9A4.6 4.6 0 0 1 10 4.6a4.6 4.6 0 0 1 7.6 6.3Z', // 7 black: heart
];

export function Shape(props: { c: number }) {
  return (
    <svg class="hl-shape" viewBox="0 0 20 20" aria-hidden="true">
      <path d={SHAPES[props.c] ?? SHAPES[0]} />
    </svg>
  );
}

/** A face-up card: the value large, the colour's shape in two corners (one on small cards). */
export function CardFace(props: { card: Card; size: Size; label?: boolean }) {
  const face = () => (
    <>
      <Show when={props.size !== 'mini'}>
        <span class="hl-v">{valueText(props.card.v)}</span>
      </Show>
      <span class="hl-corner hl-tl">
        <Shape c={props.card.c} />
      </span>
      <Show when={props.size === 'large' || props.size === 'medium'}>
        <span class="hl-corner hl-br">
          <Shape c={props.card.c} />
        </span>
      </Show>
    </>
  );
  const lastMove = useLastMove();
  const mark = useHiddenMark();
  const advice = useAdviceMark();
  const cls = () => {
    const marks = Object.entries(advice(props.card.id).classes).filter(([, on]) => on);
    return `hl-card hl-${props.size}${lastMove(props.card.id) ? ' last-move' : ''}${mark(props.card.id).hidden ? ' was-hidden' : ''}${marks.map(([name]) => ` ${name}`).join('')}`;
  };
  return (
    <Show
      when={props.label}
      fallback={
        <span
          class={cls()}
          data-c={props.card.c}
          data-card={props.card.id}
          data-advice={advice(props.card.id).badge}
          aria-hidden="true"
        >
          {face()}
        </span>
      }
    >
      <span
        class={cls()}
        data-c={props.card.c}
        data-card={props.card.id}
        data-advice={advice(props.card.id).badge}
        role="img"
        aria-label={cardName(props.card) + mark(props.card.id).label + advice(props.card.id).label}
      >
        {face()}
      </span>
    </Show>
  );
}

export function CardBack(props: { size: Size; label?: boolean }) {
  const cls = () => `card-back hl-back hl-${props.size}`;
  return (
    <Show when={props.label} fallback={<span class={cls()} aria-hidden="true" />}>
      <span class={cls()} role="img" aria-label={t('hl.faceDown')} />
    </Show>
  );
}

/**
 * A layout place: the face or the back. The face is rebuilt only when another card arrives (views
 * come as fresh objects every update), so its entrance animation marks a real change.
 */
export function SlotCard(props: { card: Card | Hidden; size: Size; label?: boolean }) {
  const id = createMemo(() => (isHidden(props.card) ? null : props.card.id));
  return (
    <Show when={id()} keyed fallback={<CardBack size={props.size} label={props.label} />}>
      {(_id) => <CardFace card={props.card as Card} size={props.size} label={props.label} />}
    </Show>
  );
}
