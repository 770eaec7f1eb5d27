/**
 * What to do now, right above the buttons that do it: the prompt (or what your selection makes),
 * your sealed answer while the others decide, and one button per move on offer.
 */
import { For, Index, Show } from 'solid-js';
import type { Move, View } from '../../../../shared/games/sneak/types.ts';
import { CardFace, stable } from './card.tsx';
import type { Action } from './selection.ts';
import type { Msg } from './strings.ts';
import { say, t } from './strings.ts';

export function Guide(props: { lines: Msg[]; answer: View['answer'] }) {
  const first = () => props.lines[0];
  const sealed = () => {
    const a = props.answer;
    return a?.t === 'challenge' ? a.cards.map(stable) : [];
  };
  return (
    <div class="sn-guide" aria-live="polite" hidden={props.lines.length === 0}>
      <Show when={first()}>{(m) => <p class="prompt">{say(m())}</p>}</Show>
      <Show when={sealed().length > 0}>
        <span class="row sn-sealed">
          <For each={sealed()}>{(c) => <CardFace card={c} small />}</For>
        </span>
      </Show>
      <Index each={props.lines.slice(1)}>{(m) => <p class="sn-line">{say(m())}</p>}</Index>
    </div>
  );
}

export function Actions(props: {
  actions: Action[];
  pending: boolean;
  /** Cards are selected: offer to clear them. */
  selected: boolean;
  send: (move: Move) => void;
  clear: () => void;
}) {
  return (
    <Show when={props.actions.length > 0}>
      <div class="actions sn-actions">
        <Index each={props.actions}>
          {(a) => (
            <button
              type="button"
              class="sn-act"
              classList={{ primary: a().primary }}
              data-action={a().kind}
              disabled={props.pending || a().move === undefined}
              onClick={() => {
                const move = a().move;
                if (move && !props.pending) props.send(move);
              }}
            >
              {say(a().label)}
              <Show when={a().sub}>
                {(sub) => (
                  <>
                    {' '}
                    <small class="sn-act-sub">{say(sub())}</small>
                  </>
                )}
              </Show>
            </button>
          )}
        </Index>
        <Show when={props.selected}>
          <button type="button" class="sn-clear" disabled={props.pending} onClick={props.clear}>
            {t('sn.clear')}
          </button>
        </Show>
      </div>
    </Show>
  );
}
