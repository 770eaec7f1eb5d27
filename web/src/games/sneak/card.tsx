/** Sneak's playing cards, drawn in CSS: rank and suit in the corners, the suit large in the middle. */

import { For } from 'solid-js';
import { parseCard } from '../../../../shared/games/sneak/faces.ts';
import type { Card, Suit } from '../../../../shared/games/sneak/types.ts';
import { useAdviceMark } from '../../advice-marks.ts';
import { useHiddenMark, useLastMove } from '../../last-move.ts';
import { cardName } from './names.ts';

/** U+FE0E asks for the text form of the suit, never an emoji. */
export const SUIT_SYMBOL: Record<Suit, string> = {
  S: '♠\uFE0E',
  H: '♥\uFE0E',
  D: '♦\uFE0E',
  C: '♣\uFE0E',
};

const RANK_LABEL = ['', '', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export const rankLabel = (r: number): string => RANK_LABEL[r] ?? String(r);
export const isRed = (s: Suit): boolean => s === 'H' || s === 'D';

/**
 * Every view arrives as fresh JSON, but an id always names the same card: handing out one object
 * per id keeps Solid's lists (keyed by reference) from rebuilding a hand's buttons on every update,
 * which would drop a tap in flight and the keyboard focus.
 */
const seen = new Map<string, Card>();
export function stable(card: Card): Card {
  const known = seen.get(card.id);
  if (known && known.r === card.r && known.s === card.s) return known;
  seen.set(card.id, card);
  return card;
}

export function CardFace(props: { card: Card; small?: boolean }) {
  const rank = () => rankLabel(props.card.r);
  const suit = () => SUIT_SYMBOL[props.card.s];
  const lastMove = useLastMove();
  const mark = useHiddenMark();
  const advice = useAdviceMark();
  return (
    <span
      class="sn-card"
      classList={{
        red: isRed(props.card.s),
        small: props.small,
        'last-move': lastMove(props.card.id),
        'was-hidden': mark(props.card.id).hidden,
        ...advice(props.card.id).classes,
      }}
      data-card={props.card.id}
      data-advice={advice(props.card.id).badge}
      role="img"
      aria-label={cardName(props.card) + mark(props.card.id).label + advice(props.card.id).label}
    >
      <span class="sn-index" aria-hidden="true">
        <span class="sn-rank">{rank()}</span>
        <span class="sn-suit">{suit()}</span>
      </span>
      <span class="sn-pip" aria-hidden="true">
        {suit()}
      </span>
      <span class="sn-index sn-index-end" aria-hidden="true">
        <span class="sn-rank">{rank()}</span>
        <span class="sn-suit">{suit()}</span>
      </span>
    </span>
  );
}

export function CardBack(props: { small?: boolean }) {
  return <span class="card-back sn-back" classList={{ small: props.small }} aria-hidden="true" />;
}

/** How many card backs a pile shows at most; its count says the rest. */
const MAX_BACKS = 8;

/** A pile of up to MAX_BACKS small card backs, overlapping; the count is written beside it. */
export function Backs(props: { count: number }) {
  const shown = () => Array.from({ length: Math.min(props.count, MAX_BACKS) }, (_, i) => i);
  return (
    <span class="sn-backs" aria-hidden="true">
      <For each={shown()}>{() => <CardBack small />}</For>
    </span>
  );
}

/** Cards named in running text, drawn small and kept on one line: `<CardChips cards="JH QH" />`. */
export function CardChips(props: { cards: string }) {
  const cards = () =>
    props.cards.split(' ').map((text) => parseCard(text) ?? { r: 2, s: 'S' as const });
  return (
    <span class="sn-chips">
      <For each={cards()}>{(card) => <MiniCard card={card} />}</For>
    </span>
  );
}

/** A card drawn as small as its rank and suit: in running text, and in an opponent's open hand. */
export function MiniCard(props: { card: { r: number; s: Suit; id?: string } }) {
  const lastMove = useLastMove();
  const mark = useHiddenMark();
  const advice = useAdviceMark();
  const id = () => props.card.id ?? '';
  return (
    <span
      class="sn-mini"
      classList={{
        red: isRed(props.card.s),
        'last-move': lastMove(id()),
        'was-hidden': mark(id()).hidden,
        ...advice(id()).classes,
      }}
      data-advice={advice(id()).badge}
      role="img"
      aria-label={cardName(props.card) + mark(id()).label + advice(id()).label}
    >
      {rankLabel(props.card.r)}
      {SUIT_SYMBOL[props.card.s]}
    </span>
  );
}
