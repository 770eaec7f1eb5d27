/** Why something the player asked for did not happen, said at once where they asked: or nothing. */
import { Show } from 'solid-js';

export function Refusal(props: { reason: string | null }) {
  return (
    <Show when={props.reason}>
      <p class="error" role="alert">
        {props.reason}
      </p>
    </Show>
  );
}
