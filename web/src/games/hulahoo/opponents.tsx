/**
 * The other players as small tiles: name, clock and reaction, how many hidden cards they hold,
 * and their face-up cards (an eliminated player's hand is shown face up too).
 */
import { For, Show } from 'solid-js';
import type { Seat } from '../../../../shared/engine/types.ts';
import type { PlayerView, View } from '../../../../shared/games/hulahoo/types.ts';
import { SeatLive } from '../../ui/seat-live.tsx';
import { CardFace } from './card.tsx';
import { isCard } from './selection.ts';
import { t, tn } from './strings.ts';

export function Opponents(props: { view: View; names: string[] }) {
  const others = () =>
    props.view.players.map((p, seat) => ({ p, seat })).filter((o) => o.seat !== props.view.you);
  return (
    <ul class="opponents hh-opponents" data-count={others().length}>
      <For each={others()}>
        {(o) => <Opponent view={props.view} names={props.names} seat={o.seat} p={o.p} />}
      </For>
    </ul>
  );
}

function Opponent(props: { view: View; names: string[]; seat: Seat; p: PlayerView }) {
  const name = () => props.names[props.seat] ?? '';
  const active = () =>
    props.view.phase !== 'roundOver' &&
    props.view.phase !== 'gameOver' &&
    props.view.toMove.includes(props.seat);
  // Cards in the hand show when the player is out, and in a replay, where nothing is secret.
  const shown = () => props.p.hand.filter(isCard);
  const held = () => props.p.hand.length;
  return (
    <li
      class="opponent hh-opponent"
      classList={{ out: props.p.out, active: active() }}
      aria-label={name()}
    >
      <header class="hh-header">
        <div class="hh-head">
          <span class="name">{name()}</span>
          <Show when={props.p.out}>
            <span class="badge">{t('hh.out')}</span>
          </Show>
          <Show when={!props.p.out}>
            <span class="hh-count" title={tn('hh.hand', held())}>
              <span class="card-back" aria-hidden="true" />
              <span aria-hidden="true">{held()}</span>
              <span class="sr-only">{tn('hh.hand', held())}</span>
            </span>
          </Show>
        </div>
        <div class="hh-live">
          <SeatLive seat={props.seat} />
        </div>
      </header>
      <div class="hh-minis">
        <Show when={shown().length > 0}>
          <span class="hh-group hh-shown">
            <span class="sr-only">{t(props.p.out ? 'hh.shownHand' : 'hh.openHand')}</span>
            <For each={shown()}>{(c) => <CardFace card={c} mini />}</For>
          </span>
        </Show>
        <span class="hh-group">
          <span class="sr-only">{t('hh.faceUp')}</span>
          <For each={props.p.faceUp}>{(c) => <CardFace card={c} mini />}</For>
        </span>
      </div>
    </li>
  );
}
