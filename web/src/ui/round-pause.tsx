/**
 * Between two rounds: who is ready and who is awaited, the countdown to the next round, and this
 * player's "I'm ready". Bots never start a round while people sit at the table.
 */
import { createSignal, onCleanup, Show } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import type { AnyView, TableSummary } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { LONG_CLOCK_SECONDS, t, timeLeft } from '../i18n.ts';

export function RoundPause(props: {
  table: TableSummary;
  names: string[];
  view: Pick<AnyView, 'you' | 'legal'>;
  /** The seat this page holds (null: none, or a table screen). */
  seat: Seat | null;
  deadline: number | null;
}) {
  const conn = useConnection();
  const [now, setNow] = createSignal(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 500);
  onCleanup(() => clearInterval(timer));
  const pause = () => props.table.pause;
  const until = () => pause()?.until ?? props.deadline;
  const left = () => {
    const end = until();
    return end === null ? null : Math.max(0, Math.ceil((end - now()) / 1000));
  };
  const list = (seats: Seat[]) => seats.map((s) => props.names[s]).join(', ');
  const ready = () => pause()?.ready ?? [];
  const waiting = () => pause()?.waitingFor ?? [];
  const you = () => props.seat;
  // Someone who sat down since the deal watches the round's end (their view is a spectator's):
  // the pause does not wait for them, and they may say they are ready all the same.
  const asked = () =>
    props.view.legal.some((m) => m.t === 'nextRound') ||
    (you() !== null && props.view.you === null);
  const iAmReady = () => you() !== null && ready().includes(you()!);
  return (
    <div class="round-pause">
      <Show when={left() !== null}>
        <p class="countdown" role="timer">
          {left()! > LONG_CLOCK_SECONDS
            ? t('round.startsInTime', { time: timeLeft(left()! * 1000, 'short') })
            : left()! > 0
              ? t('round.startsIn', { s: left()! })
              : t('round.starting')}
        </p>
      </Show>
      <Show when={ready().length > 0}>
        <p class="ready-list">{t('round.readyList', { names: list(ready()) })}</p>
      </Show>
      <Show when={asked() && you() !== null}>
        <Show
          when={!iAmReady()}
          fallback={
            <button class="primary" type="button" disabled>
              {t('round.waitingFor', { names: list(waiting()) })}
            </button>
          }
        >
          <button
            class="primary"
            type="button"
            disabled={conn.pending()}
            onClick={() => conn.move({ t: 'nextRound' })}
          >
            {t('round.ready')}
          </button>
        </Show>
      </Show>
      <Show when={!asked() || you() === null}>
        <Show when={waiting().length > 0}>
          <p class="waiting-list">{t('round.waitingFor', { names: list(waiting()) })}</p>
        </Show>
      </Show>
    </div>
  );
}
