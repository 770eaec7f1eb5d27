/**
 * Nudges: a button beside a player the table is waiting on, and the line everyone sees when
 * someone nudges. The table allows one nudge per player a minute, whoever sends it; the button
 * says so by resting (the connection keeps which seats rest, so a redrawn button knows too).
 */
import { Show } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import { useConnection } from '../connection.ts';
import { t } from '../i18n.ts';

export function NudgeButton(props: { seat: Seat; name: string }) {
  const conn = useConnection();
  const resting = () => conn.nudgeResting(props.seat);
  return (
    <button
      type="button"
      class="small nudge"
      disabled={resting()}
      onClick={() => conn.nudge(props.seat)}
    >
      {resting() ? t('nudge.sent') : t('nudge.button')}
      <span class="sr-only"> {props.name}</span>
    </button>
  );
}

/** The latest nudge, for a few seconds: to the player nudged, in words they cannot miss. */
export function NudgeLine(props: { names: string[] }) {
  const conn = useConnection();
  return (
    <div class="nudge-line" role="status">
      <Show when={conn.nudged()}>
        {(n) => {
          const by = () => (n().by === null ? t('nudge.host') : (props.names[n().by!] ?? ''));
          return (
            <p classList={{ mine: n().seat === conn.seat() }}>
              {n().seat === conn.seat()
                ? t('nudge.you', { by: by() })
                : t('nudge.other', { by: by(), name: props.names[n().seat] ?? '' })}
            </p>
          );
        }}
      </Show>
    </div>
  );
}
