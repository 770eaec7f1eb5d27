/**
 * What is live about a seat, shown where the eye is: on that seat's own place on the board. Each
 * board puts `<SeatLive seat={n} />` in every opponent's header and in the player's own area; the
 * table fills it with the move clock (a draining bar, red in its last 5 s, with the time left for
 * your own seat: seconds, or a turn-based table's hours and minutes) and the seat's latest reaction.
 */
import { createContext, Show, useContext } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import type { Reaction } from '../../../shared/reactions.ts';
import { LONG_CLOCK_SECONDS, t, timeLeft } from '../i18n.ts';
import { REACTION_PICTURES } from './reactions.tsx';
import { LOW_SECONDS, type SeatClock } from './seat-clock.ts';

export interface SeatLiveInfo {
  /** The running clock for a seat that is being waited on, or null. */
  clock(seat: Seat): SeatClock | null;
  /** The reaction a seat sent in the last few seconds, or null. */
  reaction(seat: Seat): Reaction | null;
  you: Seat | null;
}

export const SeatLiveContext = createContext<SeatLiveInfo>({
  clock: () => null,
  reaction: () => null,
  you: null,
});

export function SeatLive(props: { seat: Seat }) {
  const live = useContext(SeatLiveContext);
  const clock = () => live.clock(props.seat);
  const mine = () => props.seat === live.you;
  return (
    <>
      <Show when={clock()}>
        {(c) => {
          const seconds = () => Math.ceil(c().left / 1000);
          const low = () => seconds() <= LOW_SECONDS;
          const long = () => c().left > LONG_CLOCK_SECONDS * 1000;
          return (
            <span
              class="seat-clock"
              classList={{ low: low(), mine: mine() }}
              role="timer"
              aria-label={long() ? timeLeft(c().left) : t('clock.left', { s: seconds() })}
            >
              <span class="seat-clock-bar" style={{ transform: `scaleX(${c().share})` }} />
              <Show when={mine() || low()}>
                <span class="seat-clock-text" aria-hidden="true">
                  {long() ? timeLeft(c().left, 'short') : t('clock.short', { s: seconds() })}
                </span>
              </Show>
            </span>
          );
        }}
      </Show>
      <Show when={live.reaction(props.seat)}>
        {(r) => (
          <span class="reaction-bubble" role="status" title={t(`react.${r()}`)}>
            <span aria-hidden="true">{REACTION_PICTURES[r()]}</span>
            <span class="sr-only">{t(`react.${r()}`)}</span>
          </span>
        )}
      </Show>
    </>
  );
}
