/** The per-move clock, counting down to the server's deadline. */
import { createSignal, onCleanup, Show } from 'solid-js';
import { t } from '../i18n.ts';

export function Clock(props: { deadline: number | null }) {
  const [now, setNow] = createSignal(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 500);
  onCleanup(() => clearInterval(timer));
  const left = () =>
    props.deadline === null ? null : Math.max(0, Math.ceil((props.deadline - now()) / 1000));
  return (
    <Show when={left() !== null}>
      <p class="clock" classList={{ low: (left() ?? 99) <= 5 }} role="timer">
        {t('clock.left', { s: left() ?? 0 })}
      </p>
    </Show>
  );
}
