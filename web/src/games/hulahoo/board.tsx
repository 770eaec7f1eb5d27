/** The Hula-Hoo! table: opponents around, the pile and the call in the middle, your cards below. */
import { createMemo, createSignal, For, Show } from 'solid-js';
import type { Seat } from '../../../../shared/engine/types.ts';
import type { Card, Move, View } from '../../../../shared/games/hulahoo/types.ts';
import { t, tn } from '../../i18n.ts';
import type { BoardProps } from '../types.ts';
import { CardBack, CardFace, cardName } from './card.tsx';

type Play = Extract<Move, { t: 'play' }>;

export function Board(props: BoardProps<View>) {
  const me = () => props.view.you;
  const [selected, setSelected] = createSignal<string | null>(null);
  const [chosen, setChosen] = createSignal<string[]>([]);
  const plays = createMemo(() => props.view.legal.filter((m): m is Play => m.t === 'play'));
  const playable = (id: string) => plays().some((m) => m.card === id);
  const top = () => props.view.discard[props.view.discard.length - 1];
  const mine = () => (me() === null ? null : props.view.players[me()!]!);

  const send = (move: Move) => {
    setSelected(null);
    setChosen([]);
    props.move(move);
  };

  function clickCard(card: Card) {
    if (props.pending) return;
    const phase = props.view.phase;
    if (phase === 'swap' || phase === 'place') {
      const max = phase === 'swap' ? 3 : 5;
      setChosen((c) =>
        c.includes(card.id) ? c.filter((x) => x !== card.id) : c.length < max ? [...c, card.id] : c,
      );
      return;
    }
    const options = plays().filter((m) => m.card === card.id);
    if (options.length === 0) return;
    // A double with no target to name goes straight out; anything else asks for the call.
    if (
      options.length === 1 &&
      options[0]!.call === undefined &&
      options[0]!.target === undefined
    ) {
      send(options[0]!);
    } else {
      setSelected(card.id);
    }
  }

  const callLabel = () => {
    const v = top()?.v;
    switch (props.view.call) {
      case 'higher':
        return t('hh.call.higher', { v: v ?? '' });
      case 'lower':
        return t('hh.call.lower', { v: v ?? '' });
      case 'double':
        return t('hh.call.double', { v: v ?? '' });
      default:
        return t('hh.call.none');
    }
  };

  const selectable = (card: Card, where: 'hand' | 'faceUp') => {
    const phase = props.view.phase;
    if (!props.view.legal.length) return false;
    if (phase === 'swap') return where === 'faceUp';
    if (phase === 'place') return where === 'hand';
    return playable(card.id);
  };

  const moveLabel = (m: Play | Extract<Move, { t: 'retarget' }>) => {
    const call = m.call ? t(`hh.${m.call}`) : t('hh.double');
    return m.target !== undefined ? `${call} → ${props.names[m.target]}` : call;
  };

  const opponents = () =>
    props.view.players.map((p, seat) => ({ p, seat })).filter((o) => o.seat !== me());

  return (
    <div class="board hh-board" data-board="hulahoo">
      <ul class="opponents">
        <For each={opponents()}>
          {(o) => (
            <li
              class="opponent"
              classList={{
                out: o.p.out,
                active: props.view.phase !== 'roundOver' && props.view.toMove.includes(o.seat),
              }}
              aria-label={props.names[o.seat]}
            >
              <span class="name">{props.names[o.seat]}</span>
              <Show
                when={o.p.out}
                fallback={<span class="count">{t('hh.hand', { n: o.p.hand.length })}</span>}
              >
                <span class="badge">{t('hh.out')}</span>
              </Show>
              <span class="row">
                <For each={o.p.hand}>
                  {(c) => ('hidden' in c ? <CardBack small /> : <CardFace card={c} small />)}
                </For>
              </span>
              <span class="row face-up">
                <For each={o.p.faceUp}>{(c) => <CardFace card={c} small />}</For>
              </span>
            </li>
          )}
        </For>
      </ul>

      <div class="center">
        <figure class="pile">
          <Show when={top()} fallback={<span class="empty-pile" />}>
            {(card) => <CardFace card={card()} />}
          </Show>
          <figcaption class="pile-count">
            <span aria-hidden="true">{props.view.discard.length}</span>
            <span class="sr-only">{tn('hh.discard', props.view.discard.length)}</span>
          </figcaption>
        </figure>
        <Show when={props.view.phase === 'play' || props.view.phase === 'retarget'}>
          <p class="call" aria-live="polite">
            {callLabel()}
          </p>
        </Show>
        <p class="stock">{t('hh.stock', { n: props.view.stock })}</p>
      </div>

      <Show when={mine()}>
        {(p) => (
          <div class="mine">
            <Show when={p().out && props.view.phase !== 'roundOver'}>
              <p class="prompt">{t('hh.youOut')}</p>
            </Show>
            <Show when={props.view.phase === 'swap' && props.view.legal.length > 0}>
              <p class="prompt">{t('hh.swap.title')}</p>
            </Show>
            <Show when={props.view.phase === 'place'}>
              <p class="prompt">
                {props.view.legal.length > 0
                  ? t('hh.place.title', { n: chosen().length })
                  : t('hh.place.wait')}
              </p>
            </Show>
            <CardRow
              label={t('hh.yourFaceUp')}
              cards={p().faceUp}
              where="faceUp"
              selected={selected()}
              chosen={chosen()}
              selectable={selectable}
              onClick={clickCard}
            />
            <CardRow
              label={t('hh.yourHand')}
              cards={p().hand as Card[]}
              where="hand"
              selected={selected()}
              chosen={chosen()}
              selectable={selectable}
              onClick={clickCard}
            />
          </div>
        )}
      </Show>

      <div class="actions" aria-live="polite">
        <Show when={props.view.phase === 'swap' && props.view.legal.length > 0}>
          <button
            class="primary"
            type="button"
            disabled={props.pending}
            onClick={() => send({ t: 'swap', cards: chosen() })}
          >
            {chosen().length ? t('hh.swap.go', { n: chosen().length }) : t('hh.swap.keep')}
          </button>
        </Show>
        <Show when={props.view.phase === 'place' && props.view.legal.length > 0}>
          <button
            class="primary"
            type="button"
            disabled={props.pending || chosen().length !== 5}
            onClick={() => send({ t: 'place', cards: chosen() })}
          >
            {t('hh.place.go')}
          </button>
        </Show>
        <Show when={selected()}>
          {(id) => (
            <div class="choice">
              <p>{t('hh.callFor', { card: describeId(props.view, id()) })}</p>
              <For each={plays().filter((m) => m.card === id())}>
                {(m) => (
                  <button
                    type="button"
                    class="primary"
                    disabled={props.pending}
                    onClick={() => send(m)}
                  >
                    {moveLabel(m)}
                  </button>
                )}
              </For>
              <button type="button" onClick={() => setSelected(null)}>
                {t('hh.cancel')}
              </button>
            </div>
          )}
        </Show>
        <Show when={props.view.phase === 'retarget' && props.view.legal.length > 0}>
          <div class="choice">
            <p>{t('hh.retarget')}</p>
            <For each={props.view.legal.filter((m) => m.t === 'retarget')}>
              {(m) => (
                <button
                  type="button"
                  class="primary"
                  disabled={props.pending}
                  onClick={() => send(m)}
                >
                  {moveLabel(m as Extract<Move, { t: 'retarget' }>)}
                </button>
              )}
            </For>
          </div>
        </Show>
        <Show when={props.view.phase === 'play' && plays().length > 0 && !selected()}>
          <p class="prompt">{t('hh.pick')}</p>
        </Show>
      </div>
    </div>
  );
}

function describeId(view: View, id: string): string {
  const me = view.you as Seat;
  const card = [...view.players[me]!.faceUp, ...(view.players[me]!.hand as Card[])].find(
    (c) => c.id === id,
  );
  return card ? cardName(card) : '';
}

function CardRow(props: {
  label: string;
  cards: Card[];
  where: 'hand' | 'faceUp';
  selected: string | null;
  chosen: string[];
  selectable: (card: Card, where: 'hand' | 'faceUp') => boolean;
  onClick: (card: Card) => void;
}) {
  return (
    <fieldset class="card-row">
      <legend class="row-label">{props.label}</legend>
      <For each={props.cards}>
        {(card) => {
          const can = () => props.selectable(card, props.where);
          return (
            <button
              type="button"
              class="card-button"
              classList={{
                legal: can(),
                selected: props.selected === card.id || props.chosen.includes(card.id),
              }}
              aria-pressed={props.selected === card.id || props.chosen.includes(card.id)}
              aria-disabled={!can()}
              onClick={() => can() && props.onClick(card)}
            >
              <CardFace card={card} />
            </button>
          );
        }}
      </For>
    </fieldset>
  );
}
