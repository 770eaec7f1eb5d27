/**
 * After a game, "play again" as a ready check: who is in, who the table waits for (with a nudge),
 * the host's countdown, and this player's own answer. The server starts the new game.
 */
import { createSignal, For, onCleanup, Show } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import type { TableSummary } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { t } from '../i18n.ts';
import { NudgeButton } from './nudge.tsx';

export function RematchCall(props: {
  table: TableSummary;
  names: string[];
  onPlayAgain: () => void;
  /** The host's "start now", which seats the host in the next game too. */
  onStart: () => void;
}) {
  const conn = useConnection();
  const [now, setNow] = createSignal(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 500);
  onCleanup(() => clearInterval(timer));
  const call = () => props.table.rematch ?? null;
  const list = (seats: Seat[]) => seats.map((s) => props.names[s]).join(', ');
  const mine = () => conn.seat();
  const agreed = () => mine() !== null && (call()?.agreed.includes(mine()!) ?? false);
  const left = () => {
    const at = call()?.startsAt;
    return at == null ? null : Math.max(0, Math.ceil((at - now()) / 1000));
  };
  const canAsk = () =>
    (mine() !== null && !agreed()) || (conn.host() && mine() === null && !call());
  const canStart = () => conn.host() && call() !== null && left() === null;
  // The table takes a nudge from a player or the host only.
  const canNudge = () => mine() !== null || conn.host();
  return (
    <div class="rematch-call" aria-live="polite">
      <Show when={call()}>
        {(c) => (
          <>
            <Show when={left() !== null}>
              <p class="countdown" role="timer">
                {left()! > 0 ? t('rematch.startsIn', { s: left()! }) : t('rematch.starting')}
              </p>
            </Show>
            <Show when={c().agreed.length > 0}>
              <p class="ready-list">{t('rematch.ready', { names: list(c().agreed) })}</p>
            </Show>
            <Show when={c().waitingFor.length > 0}>
              <p class="waiting-list">
                {t('rematch.waiting', { names: list(c().waitingFor) })}
                <For each={canNudge() ? c().waitingFor.filter((s) => s !== mine()) : []}>
                  {(s) => <NudgeButton seat={s} name={props.names[s] ?? ''} />}
                </For>
              </p>
            </Show>
          </>
        )}
      </Show>
      <Show when={agreed()}>
        <p class="hint">{t('rematch.youIn')}</p>
      </Show>
      <div class="game-over-actions">
        <Show when={canAsk()}>
          <button class="primary" type="button" onClick={() => props.onPlayAgain()}>
            {t('game.rematch')}
          </button>
        </Show>
        <Show when={canStart()}>
          <button type="button" onClick={() => props.onStart()}>
            {t('rematch.startNow')}
          </button>
        </Show>
      </div>
    </div>
  );
}
