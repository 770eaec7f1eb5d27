/** The other seats: a compact tile each, with their clock, their part in the moment and counts. */
import { For, Show } from 'solid-js';
import type { Seat } from '../../../../shared/engine/types.ts';
import type { View } from '../../../../shared/games/sneak/types.ts';
import { SeatLive } from '../../ui/seat-live.tsx';
import { Backs, MiniCard } from './card.tsx';
import { type SeatStatus, seatStatus } from './seats.ts';
import { isCard } from './selection.ts';
import { t, tn } from './strings.ts';

/** On a phone's narrow tiles, a sign stands for the status word (still read out in full). */
const STATUS_ICON: Partial<Record<SeatStatus, string>> = {
  turn: '▶',
  thinking: '…',
  answered: '✓',
  notAsked: '–',
};

export function Opponents(props: {
  view: View;
  names: string[];
  /** Seats whose hidden hand the last move grew, and by how many cards. */
  drew: Map<Seat, number>;
}) {
  /** The other seats, as numbers: the list keeps its elements while the views come and go. */
  const seats = () => props.view.players.map((_, seat) => seat).filter((s) => s !== props.view.you);
  return (
    <ul class="opponents sn-opponents" data-count={seats().length}>
      <For each={seats()}>
        {(seat) => <Opponent seat={seat} view={props.view} names={props.names} drew={props.drew} />}
      </For>
    </ul>
  );
}

function Opponent(props: { seat: Seat; view: View; names: string[]; drew: Map<Seat, number> }) {
  const player = () => props.view.players[props.seat]!;
  const status = () => seatStatus(props.view, props.seat);
  const held = () => player().hand.length;
  /** The hand face up: only in a replay, where nothing is secret any more. */
  const open = () => {
    const hand = player().hand;
    return hand.length > 0 && hand.every(isCard) ? hand.filter(isCard) : [];
  };
  const drew = () => props.drew.get(props.seat) ?? 0;
  return (
    <li
      class="opponent sn-opponent"
      classList={{
        active: status() === 'turn' || status() === 'thinking',
        'sn-grew': drew() > 0,
        // The board's generic mark for a move that only hidden cards show (a draw).
        'last-move-seat': drew() > 0,
        'sn-out': status() === 'notAsked',
      }}
    >
      <span class="sn-opp-head">
        <span class="sn-opp-id">
          <span class="name" title={props.names[props.seat]}>
            {props.names[props.seat]}
          </span>
          <Show when={status()}>
            {(s) => (
              <span class="sn-status" data-status={s()} title={t(`sn.status.${s()}`)}>
                <span class="sn-status-word">{t(`sn.status.${s()}`)}</span>
                <Show when={STATUS_ICON[s()]}>
                  {(icon) => (
                    <span class="sn-status-icon" aria-hidden="true">
                      {icon()}
                    </span>
                  )}
                </Show>
              </span>
            )}
          </Show>
        </span>
        <span class="sn-live">
          <SeatLive seat={props.seat} />
        </span>
      </span>
      <span class="sn-opp-counts">
        <span class="sn-held">
          {/* Backs stand for a hidden hand; an open one shows below. */}
          <Show when={open().length === 0}>
            <Backs count={held()} />
            <span class="sn-mini-back" aria-hidden="true" />
          </Show>
          <span aria-hidden="true">{held()}</span>
          <span class="sr-only">{t('sn.opp.hand', { n: held() })}</span>
          <Show when={drew() > 0}>
            <span class="sn-drew">
              <span aria-hidden="true">{t('sn.opp.drew', { n: drew() })}</span>
              <span class="sr-only">{tn('sn.opp.drewLong', drew())}</span>
            </span>
          </Show>
        </span>
        <span class="sn-won">
          <span class="sn-mini-won" aria-hidden="true" />
          <span class="sn-won-n" aria-hidden="true">
            {player().won}
          </span>
          <span class="sn-won-text">{tn('sn.opp.won', player().won)}</span>
        </span>
      </span>
      <Show when={open().length > 0}>
        <span class="sn-opp-hand">
          <span class="sr-only">{t('sn.opp.open')}</span>
          <For each={open()}>{(card) => <MiniCard card={card} />}</For>
        </span>
      </Show>
    </li>
  );
}
