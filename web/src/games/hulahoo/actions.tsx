/**
 * The bottom of the board, in the normal flow: what to do now in one line, and the buttons that
 * finish it (confirm a swap or a placement, pick a call or a target, cancel a selection).
 */
import { For, Show } from 'solid-js';
import type { Move, View } from '../../../../shared/games/hulahoo/types.ts';
import { cardName } from './names.ts';
import { choices, confirm, prompt, type Selection } from './selection.ts';
import { t, tn } from './strings.ts';
import { choiceText, promptText } from './words.ts';

export function Actions(props: {
  view: View;
  names: string[];
  selection: Selection;
  pending: boolean;
  send: (move: Move) => void;
  cancel: () => void;
}) {
  const line = () => prompt(props.view, props.selection, props.names, cardName);
  const ok = () => confirm(props.view, props.selection);
  const options = () => choices(props.view, props.selection);
  // Room for the buttons is kept through your own decision only, so the board does not jump
  // when a card is picked; between rounds the table shows what happened instead.
  const yours = () =>
    props.view.phase !== 'roundOver' &&
    props.view.phase !== 'gameOver' &&
    props.view.you !== null &&
    props.view.toMove.includes(props.view.you);
  return (
    <div class="hh-bottom">
      <Show when={line()}>
        {(p) => (
          <p class="prompt" aria-live="polite">
            {promptText(p())}
          </p>
        )}
      </Show>
      <Show when={yours() || ok() !== null || options().length > 0}>
        <div class="actions">
          <Show when={ok()}>
            {(c) => (
              <button
                class="primary"
                type="button"
                disabled={props.pending || c().move === undefined}
                onClick={() => {
                  const move = c().move;
                  if (move) props.send(move);
                }}
              >
                {tn(c().key, c().n)}
              </button>
            )}
          </Show>
          <Show when={options().length > 0}>
            <div class="choice">
              <For each={options()}>
                {(choice) => (
                  <button
                    type="button"
                    class="primary"
                    disabled={props.pending}
                    onClick={() => props.send(choice.move)}
                  >
                    {choiceText(choice, props.names)}
                  </button>
                )}
              </For>
              <Show when={props.selection.selected !== null}>
                <button type="button" onClick={() => props.cancel()}>
                  {t('hh.cancel')}
                </button>
              </Show>
            </div>
          </Show>
        </div>
      </Show>
    </div>
  );
}
