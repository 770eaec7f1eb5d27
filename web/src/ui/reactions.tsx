/**
 * Preset reactions: a row of pictures a seated player taps to react to a move. The server relays
 * them to everyone (a few at a time per seat); each shows beside its sender for a moment.
 */
import { createSignal, For, onCleanup } from 'solid-js';
import { REACTIONS, type Reaction } from '../../../shared/reactions.ts';
import { t } from '../i18n.ts';

export const REACTION_PICTURES: Record<Reaction, string> = {
  nice: '👍',
  wow: '😮',
  haha: '😂',
  oops: '😬',
  think: '🤔',
  gg: '🤝',
};

/** After a tap the row rests a moment: the server refuses a second reaction this soon anyway. */
const REST_MS = 1_000;

export function ReactionBar(props: { react: (reaction: Reaction) => void }) {
  const [resting, setResting] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const send = (reaction: Reaction) => {
    if (resting()) return;
    props.react(reaction);
    setResting(true);
    timer = setTimeout(() => setResting(false), REST_MS);
  };
  return (
    <fieldset class="reaction-bar">
      <legend class="sr-only">{t('react.title')}</legend>
      <For each={REACTIONS}>
        {(r) => (
          <button
            type="button"
            class="reaction"
            title={t(`react.${r}`)}
            aria-label={t(`react.${r}`)}
            disabled={resting()}
            onClick={() => send(r)}
          >
            {REACTION_PICTURES[r]}
          </button>
        )}
      </For>
    </fieldset>
  );
}
