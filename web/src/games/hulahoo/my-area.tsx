/**
 * Your own place: a header with your name, clock and reaction, then your face-up cards and your
 * hand. Only the cards a tap does something with are in the tab order; the arrow keys, Home and
 * End move between them (both rows make one sequence).
 */
import { For, Show } from 'solid-js';
import type { Card, View } from '../../../../shared/games/hulahoo/types.ts';
import { createRoving, type Roving } from '../../ui/roving.ts';
import { SeatLive } from '../../ui/seat-live.tsx';
import { CardFace } from './card.tsx';
import { myCards, type Selection, selectable } from './selection.ts';
import { t } from './strings.ts';

export function MyArea(props: {
  view: View;
  names: string[];
  selection: Selection;
  onTap: (id: string) => void;
  onEscape: () => void;
}) {
  const cards = () => myCards(props.view);
  const can = (id: string) => selectable(props.view, id);
  const roving = createRoving(() => [...cards().faceUp, ...cards().hand].map((c) => c.id), can);
  const me = () => props.view.you ?? 0;
  const out = () => props.view.players[me()]?.out ?? false;
  // A finished game's replay shows every hand: a rival still in the round with a card in view.
  const open = () =>
    props.view.players.some((p, s) => s !== me() && !p.out && p.hand.some((c) => 'id' in c));
  const handLabel = () =>
    open() ? t('hh.yourHandOpen') : out() ? t('hh.yourHandShown') : t('hh.yourHand');
  const active = () =>
    props.view.phase !== 'roundOver' &&
    props.view.phase !== 'gameOver' &&
    props.view.toMove.includes(me());
  return (
    <section
      class="mine hh-mine"
      classList={{ out: out(), active: active() }}
      aria-label={t('hh.yourPlace')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onEscape();
        else roving.onKeyDown(e);
      }}
    >
      <header class="hh-head">
        <span class="name">{t('hh.you', { name: props.names[me()] ?? '' })}</span>
        <Show when={out()}>
          <span class="badge">{t('hh.out')}</span>
        </Show>
        <span class="hh-live">
          <SeatLive seat={me()} />
        </span>
      </header>
      <CardRow
        label={t('hh.yourFaceUp')}
        cards={cards().faceUp}
        coming={cards().coming.faceUp}
        selection={props.selection}
        can={can}
        roving={roving}
        onTap={props.onTap}
      />
      <CardRow
        label={handLabel()}
        cards={cards().hand}
        coming={cards().coming.hand}
        selection={props.selection}
        can={can}
        roving={roving}
        onTap={props.onTap}
      />
    </section>
  );
}

function CardRow(props: {
  label: string;
  cards: Card[];
  /** Cards on their way into the row, shown as backs until the table tells their faces. */
  coming: number;
  selection: Selection;
  can: (id: string) => boolean;
  roving: Roving;
  onTap: (id: string) => void;
}) {
  const picked = (id: string) =>
    props.selection.selected === id || props.selection.chosen.includes(id);
  return (
    <fieldset class="card-row">
      <legend class="row-label">{props.label}</legend>
      <div class="hh-cards">
        <For each={props.cards}>
          {(card) => (
            <button
              type="button"
              class="card-button"
              classList={{ legal: props.can(card.id), selected: picked(card.id) }}
              aria-pressed={picked(card.id)}
              aria-disabled={!props.can(card.id)}
              tabIndex={props.roving.tabIndex(card.id)}
              ref={(el) => props.roving.register(card.id, el)}
              onFocus={() => props.roving.focused(card.id)}
              onClick={() => props.can(card.id) && props.onTap(card.id)}
            >
              <CardFace card={card} />
            </button>
          )}
        </For>
        <For each={Array.from({ length: props.coming })}>
          {() => <span class="card-back" aria-hidden="true" />}
        </For>
      </div>
    </fieldset>
  );
}
